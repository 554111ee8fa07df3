import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { APPROVAL_DATABASE, ApprovalDatabase } from './approval-host';
import { ApprovalKeys } from './approval.keys';
import { APPROVAL_SESSION_COOKIE, readCookie, signSessionId, verifySessionCookie } from './approval-session.cookie';

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
 */
@Injectable()
export class ApprovalSessionsService {
  constructor(
    @Inject(APPROVAL_DATABASE) private readonly db: Kysely<ApprovalDatabase>,
    private readonly keys: ApprovalKeys,
  ) {}

  /** Starts a session for the user; answers the cookie value. */
  async start(user: { id: string; organization_id: string }): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.db.deleteFrom('approval_sessions').where('expires_at', '<', now.toISOString()).execute();
    await this.db
      .insertInto('approval_sessions')
      .values({
        id_hash: hash(id),
        user_id: user.id,
        organization_id: user.organization_id,
        csrf_token: randomBytes(32).toString('base64url'),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + APPROVAL_SESSION_SECONDS * 1000).toISOString(),
      })
      .execute();
    return signSessionId(id, this.keys.sessionKey());
  }

  /** The session the request's cookie names, when signed by us and unexpired. */
  async find(cookieHeader: string | undefined): Promise<ApprovalSession | undefined> {
    const id = verifySessionCookie(readCookie(cookieHeader, APPROVAL_SESSION_COOKIE), this.keys.sessionKey());
    if (!id) return undefined;
    const row = await this.db
      .selectFrom('approval_sessions')
      .innerJoin('users', 'users.id', 'approval_sessions.user_id')
      .select(['users.id as user_id', 'users.email', 'users.organization_id', 'users.role', 'approval_sessions.csrf_token'])
      .where('approval_sessions.id_hash', '=', hash(id))
      .where('approval_sessions.expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return row;
  }

  /** True when `token` is the session's CSRF token (constant time). */
  checkCsrf(session: ApprovalSession, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(session.csrf_token);
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

function hash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}
