import { Selectable } from 'kysely';
import { AccessTokensTable, UsersTable } from './identity.table';
import { AccessTokenRecord, UserRecord } from './identity.interface';

/** A user row without its password hash, which never leaves `IdentityService`. */
export function toUserRecord(row: Selectable<UsersTable>): UserRecord {
  return { id: row.id, organization_id: row.organization_id, email: row.email, role: row.role, created_at: row.created_at };
}

/** A token row without its hash, scopes decoded. */
export function toTokenRecord(row: Selectable<AccessTokensTable>): AccessTokenRecord {
  return {
    id: row.id,
    organization_id: row.organization_id,
    user_id: row.user_id,
    audience: row.audience,
    scopes: JSON.parse(row.scopes) as string[],
    client_id: row.client_id,
    client_name: row.client_name,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  };
}
