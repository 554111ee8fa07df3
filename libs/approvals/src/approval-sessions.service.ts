import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { APPROVAL_DATABASE, ApprovalDatabase } from './approval-host';
import { APPROVAL_FLOW_SETTINGS, ApprovalFlowSettings } from './approval-flow.settings';
import { ApprovalKeys } from './approval.keys';
import { readCookie, signSessionId, verifySessionCookie } from './approval-session.cookie';

/** How long a sign-in lasts on the approval pages. */
export const APPROVAL_SESSION_SECONDS = 8 * 60 * 60;

/** A signed-in person on the approval pages. */
export interface ApprovalSession {
  user_id: string;
  email: string;
  organization_id: string;
  /** The host's role name; owners and admins may decide for others. */
  role: string;
  /** The CSRF token the session's forms carry. */
  csrf_token: string;
}

/**
 * Sessions of the approval pages, in the database so any replica serves
 * them. The cookie carries a random id signed with a key derived from the
 * shared secret; the table keeps only the id's SHA-256.
 *
 * Each session is stamped with a digest of the user's password hash when it
 * starts, and only counts while that hash is unchanged: a new password (the
 * `password reset` command of either host, or anything else that sets one)
 * ends every session of that person on every replica, without the command
 * knowing sessions exist.
 */
@Injectable()
export class ApprovalSessionsService {
  constructor(
    @Inject(APPROVAL_DATABASE) private readonly db: Kysely<ApprovalDatabase>,
    private readonly keys: ApprovalKeys,
    @Inject(APPROVAL_FLOW_SETTINGS) private readonly settings: ApprovalFlowSettings,
  ) {}

  /** The host's session cookie name. */
  get cookieName(): string {
    return this.settings.sessionCookie;
  }

  /** Starts a session for the user; answers the cookie value. */
  async start(user: { id: string; organization_id: string }): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = new Date();
    const { password_hash } = await this.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    await this.db
      .insertInto('approval_sessions')
      .values({
        id_hash: hash(id),
        user_id: user.id,
        organization_id: user.organization_id,
        csrf_token: randomBytes(32).toString('base64url'),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + APPROVAL_SESSION_SECONDS * 1000).toISOString(),
        password_stamp: passwordStamp(password_hash),
      })
      .execute();
    return signSessionId(id, this.keys.sessionKey());
  }

  /** The session the request's cookie names, when signed by us, unexpired, and the password unchanged since. */
  async find(cookieHeader: string | undefined): Promise<ApprovalSession | undefined> {
    const id = this.sessionId(cookieHeader);
    if (!id) return undefined;
    const row = await this.db
      .selectFrom('approval_sessions')
      .innerJoin('users', 'users.id', 'approval_sessions.user_id')
      .select([
        'users.id as user_id',
        'users.email',
        'users.organization_id',
        'users.role',
        'users.password_hash',
        'approval_sessions.csrf_token',
        'approval_sessions.password_stamp',
      ])
      .where('approval_sessions.id_hash', '=', hash(id))
      .where('approval_sessions.expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    if (!row || !sameText(row.password_stamp, passwordStamp(row.password_hash))) return undefined;
    return { user_id: row.user_id, email: row.email, organization_id: row.organization_id, role: row.role, csrf_token: row.csrf_token };
  }

  /** Ends the session the request's cookie names, if any (sign-out). */
  async end(cookieHeader: string | undefined): Promise<void> {
    const id = this.sessionId(cookieHeader);
    if (id) await this.db.deleteFrom('approval_sessions').where('id_hash', '=', hash(id)).execute();
  }

  /** Deletes expired sessions. */
  async prune(now = new Date()): Promise<void> {
    await this.db.deleteFrom('approval_sessions').where('expires_at', '<', now.toISOString()).execute();
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

/** A digest of the password hash, so the sessions table holds no copy of it. No password: a stamp no hash produces. */
function passwordStamp(passwordHash: string | null): string {
  return passwordHash === null ? 'none' : createHash('sha256').update(passwordHash).digest('hex');
}

function sameText(expected: string | null, given: string): boolean {
  if (expected === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
