import type { ConnectedAppSource } from './connected-app.interface';
import { PRE_REGISTERED_CLIENT_PREFIX } from './connected-apps.constants';
import { hashRecordId } from '../records/oauth-records.store';
import type { OAuthRecordsTable } from '../records/oauth.table';

/** Where a client id comes from, by its shape. */
export function sourceOf(clientId: string): ConnectedAppSource {
  if (clientId.startsWith('https://')) return 'metadata-document';
  if (clientId.startsWith(PRE_REGISTERED_CLIENT_PREFIX)) return 'pre-registered';
  return 'registered';
}

/**
 * A grant's id: the `grant_id` column when the server fills it for the grant
 * itself, else the payload's `jti` (the library's id field), checked against
 * the row's key so a payload can never name another grant.
 */
export function grantIdOf(row: Pick<OAuthRecordsTable, 'id_hash' | 'grant_id' | 'payload'>): string | undefined {
  for (const candidate of [row.grant_id, textOf(parsePayload(row.payload).jti)]) {
    if (candidate && hashRecordId(candidate) === row.id_hash) return candidate;
  }
  return undefined;
}

/** The OpenID scopes, then each resource's, each once. */
export function scopesOf(payload: Record<string, unknown>): { scopes: string[]; resources: string[] } {
  const scopes = new Set<string>();
  const openid = payload.openid as { scope?: unknown } | undefined;
  for (const scope of split(openid?.scope)) scopes.add(scope);
  const resources = (typeof payload.resources === 'object' && payload.resources !== null ? payload.resources : {}) as Record<string, unknown>;
  for (const value of Object.values(resources)) for (const scope of split(value)) scopes.add(scope);
  return { scopes: [...scopes], resources: Object.keys(resources) };
}

/** A space-separated scope string's scopes. */
function split(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}

/** A non-empty string, or nothing. */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A record's JSON payload as an object (empty when it is not one: a payload never throws here). */
export function parsePayload(payload: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
