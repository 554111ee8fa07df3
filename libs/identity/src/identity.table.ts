import type { TokenAudience } from './identity.interface';

/**
 * Identity tables as Kysely sees them. Ids are UUID text and timestamps are
 * ISO-8601 UTC text, so the same migrations and types serve SQLite and
 * PostgreSQL. A host may add columns of its own (Kadu: `plan`).
 */
export interface OrganizationsTable {
  id: string;
  slug: string;
  name: string;
  created_at: string;
}

/** See {@link OrganizationsTable}. `password_hash` is null until a password is set. */
export interface UsersTable {
  id: string;
  organization_id: string;
  email: string;
  password_hash: string | null;
  /** One of the host's roles, checked by the service (a CHECK constraint cannot follow a host's list). */
  role: string;
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

/** The tables `IdentityService` uses; created by the identity migration. */
export interface IdentityDatabase {
  organizations: OrganizationsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
}
