import type { AttemptCounterDatabase } from '@kobana/approvals';
import type { OAuthDatabase } from './records/oauth.table';

/**
 * Injection token of the host's `Kysely<OAuthHostDatabase>`: the host's own
 * database, migrated with `createOAuthRecords` (both hosts list it as
 * `0600_create_oauth`), so a code issued by one replica is redeemed on another.
 */
export const OAUTH_DATABASE = Symbol('OAuthDatabase');

/** Injection token of the host's {@link OAuthSigningSecret}. */
export const OAUTH_SIGNING_SECRET = Symbol('OAuthSigningSecret');

/**
 * The part of the platform's records of people (`users`, see `PersonRecords` of `@kobana/people`) the server reads:
 * the person a token stands for, and their role, in the MCP check's one query.
 */
export interface OAuthUsersTable {
  id: string;
  organization_id: string;
  email: string;
  role: string;
}

/** The part of the platform's records of organizations (`organizations`) the server's tables point at. */
export interface OAuthOrganizationsTable {
  id: string;
  name: string;
}

/**
 * The tables the authorization server reads and writes: its own, the records
 * of the host's people, and the attempt counters of the approval flow (`sign_in_throttles`),
 * where the registration limit counts so that every replica shares it.
 */
export interface OAuthHostDatabase extends OAuthDatabase, AttemptCounterDatabase {
  users: OAuthUsersTable;
  organizations: OAuthOrganizationsTable;
}

/** The host's persisted signing secret, read at use (hosts load secrets after the module graph is built). */
export interface OAuthSigningSecret {
  get(): string;
}
