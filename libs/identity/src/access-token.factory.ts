import { randomUUID } from 'node:crypto';
import { generateTokenSecret, hashTokenSecret } from './access-token.codec';
import { PERSONAL_ACCESS_TOKEN_CLIENT } from './identity.constants';
import type { TokenAudience } from './identity.interface';

const MS_PER_DAY = 86_400_000;

/** Who a new token is for and what it may do. */
export interface NewAccessToken {
  organizationId: string;
  userId: string;
  audience: TokenAudience;
  scopes: string[];
  /** @default `pat_<token id>`: a client of its own (see PERSONAL_ACCESS_TOKEN_CLIENT) */
  clientId?: string;
  /** `null` keeps no name. @default PERSONAL_ACCESS_TOKEN_CLIENT.name */
  clientName?: string | null;
  /** `null`: until revoked. */
  expiresInDays: number | null;
}

/**
 * The `access_tokens` row of a new token and its secret, shared by every host
 * that mints tokens (Kadu, Billing): only the secret's hash goes in the row,
 * the secret itself is shown once by the caller.
 */
export function newAccessTokenRow(token: NewAccessToken, now = new Date()) {
  const secret = generateTokenSecret();
  const id = randomUUID();
  const row = {
    id,
    organization_id: token.organizationId,
    user_id: token.userId,
    audience: token.audience,
    scopes: JSON.stringify(token.scopes),
    client_id: token.clientId ?? `${PERSONAL_ACCESS_TOKEN_CLIENT.idPrefix}${id}`,
    client_name: token.clientName === undefined ? PERSONAL_ACCESS_TOKEN_CLIENT.name : token.clientName,
    token_hash: hashTokenSecret(secret),
    created_at: now.toISOString(),
    expires_at: token.expiresInDays === null ? null : new Date(now.getTime() + token.expiresInDays * MS_PER_DAY).toISOString(),
    revoked_at: null,
  };
  return { row, secret };
}
