import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { deleteInBatches } from '@kobana/database';
import { InjectPeople, People, Person } from '@kobana/people';
import { APPROVAL_DATABASE, ApprovalDatabase } from './approval-host.table';
import { APPROVAL_FLOW_SETTINGS, ApprovalFlowSettings } from './approval-flow.options';
import { ApprovalKeys } from './approval-keys.factory';
import { readCookie, signSessionId, verifySessionCookie } from './approval-session.codec';

/** How long a sign-in lasts on the approval pages. */
export const APPROVAL_SESSION_SECONDS = 8 * 60 * 60;

/** A signed-in person on the approval pages. */
export interface ApprovalSession {
  user_id: string;
  email: string;
  organization_id: string;
  /** The host's role name. What the person may do is asked of `People.may` with {@link person}. */
  role: string;
  /** The CSRF token the session's forms carry. */
  csrf_token: string;
  /** The person, as the host's `People` gave them when the session was found. */
  person: Person;
}

/**
 * Sessions of the approval pages, in the database so any replica serves
 * them. The cookie carries a random id signed with a key derived from the
 * shared secret; the table keeps only the id's SHA-256.
 *
 * Who a session stands for is asked of the host's `People` at each use, so
 * a person gone or changed counts at once. Each session is stamped with the
 * person's `People.sessionStamp` when it starts, and only counts while the
 * stamp is unchanged: a new password (identity's `password reset` command of
 * either host, or anything else that changes the stamp) ends every session
 * of that person on every replica, without the command knowing sessions exist.
 */
@Injectable()
export class ApprovalSessionsService {
  constructor(
    @Inject(APPROVAL_DATABASE) private readonly db: Kysely<ApprovalDatabase>,
    private readonly keys: ApprovalKeys,
    @Inject(APPROVAL_FLOW_SETTINGS) private readonly settings: ApprovalFlowSettings,
    @InjectPeople() private readonly people: People,
  ) {}

  /** The host's session cookie name. */
  get cookieName(): string {
    return this.settings.sessionCookie;
  }

  /** Starts a session for the person (whose record the platform keeps, see `PersonRecords`); answers the cookie value. */
  async start(user: Person): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = new Date();
    const stamp = await this.people.sessionStamp(user);
    await this.db
      .insertInto('approval_sessions')
      .values({
        id_hash: hash(id),
        user_id: user.id,
        organization_id: user.organization_id,
        csrf_token: randomBytes(32).toString('base64url'),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + APPROVAL_SESSION_SECONDS * 1000).toISOString(),
        password_stamp: stamp,
      })
      .execute();
    return signSessionId(id, this.keys.sessionKey());
  }

  /** The session the request's cookie names, when signed by us, unexpired, its person still known, and their stamp unchanged since. */
  async find(cookieHeader: string | undefined): Promise<ApprovalSession | undefined> {
    const id = this.sessionId(cookieHeader);
    if (!id) return undefined;
    const row = await this.db
      .selectFrom('approval_sessions')
      .select(['user_id', 'csrf_token', 'password_stamp'])
      .where('id_hash', '=', hash(id))
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    const person = row ? await this.people.findPerson(row.user_id) : null;
    if (!row || !person || !sameText(row.password_stamp, await this.people.sessionStamp(person))) return undefined;
    return { user_id: person.id, email: person.email, organization_id: person.organization_id, role: person.role, csrf_token: row.csrf_token, person };
  }

  /** Ends the session the request's cookie names, if any (sign-out). */
  async end(cookieHeader: string | undefined): Promise<void> {
    const id = this.sessionId(cookieHeader);
    if (id) await this.db.deleteFrom('approval_sessions').where('id_hash', '=', hash(id)).execute();
  }

  /** Deletes expired sessions. */
  async prune(now = new Date()): Promise<void> {
    const at = now.toISOString();
    await deleteInBatches(async (limit) => {
      const expired = this.db.selectFrom('approval_sessions').select('id_hash').where('expires_at', '<', at).limit(limit);
      return (await this.db.deleteFrom('approval_sessions').where('id_hash', 'in', expired).executeTakeFirst()).numDeletedRows;
    });
  }

  /** True when `token` is the session's CSRF token (constant time). */
  checkCsrf(session: ApprovalSession, token: unknown): boolean {
    return typeof token === 'string' && sameText(session.csrf_token, token);
  }

  private sessionId(cookieHeader: string | undefined): string | undefined {
    return verifySessionCookie(readCookie(cookieHeader, this.settings.sessionCookie), this.keys.sessionKey());
  }
}

function hash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

function sameText(expected: string | null, given: string): boolean {
  if (expected === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
