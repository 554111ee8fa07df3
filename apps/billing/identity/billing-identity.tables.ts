import type { TokenAudience } from '../../../src/identity/identity.types';
import type { BillingRole } from './billing-roles';

/** `organizations` of Billing's database. */
export interface BillingOrganizationsTable {
  id: string;
  slug: string;
  name: string;
  created_at: string;
}

/** `users`: one panel role each; e-mail unique across organizations. */
export interface BillingUsersTable {
  id: string;
  organization_id: string;
  email: string;
  role: BillingRole;
  created_at: string;
  /** scrypt hash (Kadu's hasher); `null` until a password is set. Never leaves the identity service. */
  password_hash: string | null;
}

/** `access_tokens`: `scopes` JSON text; `token_hash` the SHA-256 of the secret (Kadu's codec). */
export interface BillingAccessTokensTable {
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
