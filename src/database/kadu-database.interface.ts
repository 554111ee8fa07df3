import type { AccessTokensTable, OrganizationsTable, UsersTable } from '../identity/identity.tables';
import type { SecretsTable } from '../secrets/secrets.table';

/**
 * Every table Kysely may query, keyed by table name. Features declare their
 * own table types; this file only gathers them.
 */
export interface KaduDatabase {
  organizations: OrganizationsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  secrets: SecretsTable;
}
