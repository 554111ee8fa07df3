import type { OAuthRecordsTable } from '../records/oauth.table';

/**
 * Injection token of the host's `Kysely<ConnectedAppsDatabase>`: the host's
 * own database, where the authorization server keeps `oauth_records`.
 */
export const CONNECTED_APPS_DATABASE = Symbol('ConnectedAppsDatabase');

/** The part of the platform's records of people (`users`) the connected apps read: whose grant it is, in which organization. */
export interface ConnectedAppsUsersTable {
  id: string;
  organization_id: string;
  email: string;
}

/** The part of the platform's records of organizations (`organizations`) the CLI reads: an organization by its slug. */
export interface ConnectedAppsOrganizationsTable {
  id: string;
  slug: string;
}

/** The tables the connected apps use; every host database that serves them has at least these. */
export interface ConnectedAppsDatabase {
  oauth_records: OAuthRecordsTable;
  users: ConnectedAppsUsersTable;
  organizations: ConnectedAppsOrganizationsTable;
}
