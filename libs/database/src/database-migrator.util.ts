import { Kysely, Migration, MigrationProvider, Migrator } from 'kysely';

/**
 * A host's migrations by name. Kysely applies them in name order and records
 * each name in the database, so a released name never changes: a database
 * whose history names a migration the list lacks is refused.
 */
export type DatabaseMigrations = Readonly<Record<string, Migration>>;

/**
 * Applies every pending migration of `migrations`, the host's own list: there
 * is no default, so no host ever runs another's schema by omission. Kysely
 * takes a lock first, so replicas starting together apply each migration once.
 *
 * @returns the names of the migrations applied now (empty when up to date).
 * @throws the migration's error; the failing migration is rolled back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; the migrations name their own tables
export async function migrateToLatest(db: Kysely<any>, migrations: DatabaseMigrations): Promise<string[]> {
  // Compiled in, so no file-system scan at start-up.
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    // No migration named: the migrator failed before running any (the database did not answer, the lock was refused).
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations could not start: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
