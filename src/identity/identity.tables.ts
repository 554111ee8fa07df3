import type { KaduRole, TokenAudience } from './identity.types';

/**
 * Identity tables as Kysely sees them. Ids are UUID text and timestamps are
 * ISO-8601 UTC text, so the same migrations and types serve SQLite and a
 * later PostgreSQL dialect.
 */
export interface OrganizationsTable {
  id: string;
  slug: string;
  name: string;
  plan: string;
  created_at: string;
}

/** See {@link OrganizationsTable}. `password_hash` is null until a password is set. */
export interface UsersTable {
  id: string;
  organization_id: string;
  email: string;
  password_hash: string | null;
  role: KaduRole;
  created_at: string;
}

/** See {@link OrganizationsTable}. `scopes` is a JSON array in text; `token_hash` is the SHA-256 of the secret, hex. */
export interface AccessTokensTable {
  id: string;
  organization_id: string;
  user_id: string;
  audience: TokenAudience;
  scopes: string;
  client_id: string;
  client_name: string | null;
  token_hash: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}
