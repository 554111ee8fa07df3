import { Kysely, Migration, MigrationProvider, Migrator } from 'kysely';
import { KADU_MIGRATIONS } from './migrations';

/**
 * Applies every pending migration. Kysely takes a lock first, so replicas
 * starting together apply each migration once.
 *
 * @param migrations by name; another host (Kobana Billing) passes its own.
 *
 * @returns the names of the migrations applied now (empty when up to date).
 * @throws the migration's error; the failing migration is rolled back.
 */
export async function migrateToLatest(
  db: Kysely<any>,
  migrations: Readonly<Record<string, Migration>> = KADU_MIGRATIONS,
): Promise<string[]> {
  // Compiled in, so no file-system scan at start-up.
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const { error, results = [] } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
