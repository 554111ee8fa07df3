import type { Kysely } from 'kysely';
import type { OAuthHostDatabase } from '../oauth-host.table';

/** A person's remembered consent to one client: the grant's id and the scopes it holds for the resource. */
export interface RememberedGrant {
  grantId: string;
  scopes: Set<string>;
}

/**
 * The newest unexpired grant of `accountId` to `clientId`, with its scopes for
 * `resource`: consent is remembered per client, person and scopes.
 */
export async function findRememberedGrant(
  db: Kysely<OAuthHostDatabase>,
  accountId: string,
  clientId: string,
  resource: string,
  now = new Date(),
): Promise<RememberedGrant | undefined> {
  const row = await db
    .selectFrom('oauth_records')
    .select(['grant_id', 'payload'])
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.grant_id) return undefined;
  const payload = JSON.parse(row.payload) as { resources?: Record<string, string> };
  return { grantId: row.grant_id, scopes: new Set((payload.resources?.[resource] ?? '').split(' ').filter(Boolean)) };
}

/**
 * The client metadata property holding the host's scopes a client declared
 * in `scope` (pre-registered by the CLI, or in its metadata document): the
 * most it can be granted. Set by the server from `scope` on every load, never
 * by the client; `scope` itself keeps only the library's OpenID scopes, the
 * only ones it accepts there (docs/security-model.md).
 */
export const CLIENT_SCOPE = 'kobana_client_scope';

/**
 * The host's scopes a client may be granted at most, from its metadata (see
 * `CLIENT_SCOPE`); `undefined` when it declared none, so the person decides
 * on every scope it asks for.
 */
export function clientScopeLimit(metadata: Record<string, unknown>): Set<string> | undefined {
  const declared = metadata[CLIENT_SCOPE];
  return typeof declared === 'string' && declared !== '' ? new Set(declared.split(' ')) : undefined;
}
