import { Migration } from 'kysely';
import { createIdentity } from './0001_create_identity';
import { createSecrets } from './0002_create_secrets';

/**
 * Every migration, by name. Kysely applies them in name order and records
 * each name, so a name never changes once released; add new ones at the end.
 */
export const KADU_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_create_identity': createIdentity,
  '0002_create_secrets': createSecrets,
};
