import { Kysely, sql } from 'kysely';
import { DatabaseMessages, DatabaseStorageService } from '@kobana/database';
import type { DatabaseMigrations } from '@kobana/database';
import { HealthMessages } from './health.messages';
import { ReadinessCheck, ReadinessFailure } from './readiness-check.interface';

/** The table Kysely's migrator records applied migrations in. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The database's three readiness checks: `database` (it answers a query),
 * `migrations` (every migration of the host's list is recorded as applied;
 * a replica of an older release, or one started before the migration
 * finished on another, is not ready) and `storage` (writes do not fail on a
 * full or failing disk: see `DatabaseStorageService`; no write per probe
 * while all is well, one at most every 5 s while writes fail, so a replica
 * out of rotation still finds out that space was freed).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; only the migration table is read
export function databaseReadinessChecks(db: Kysely<any>, migrations: DatabaseMigrations): ReadinessCheck[] {
  const expected = Object.keys(migrations);
  return [
    { name: 'database', check: async () => void (await sql`select 1`.execute(db)) },
    {
      name: 'migrations',
      check: async () => {
        const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db);
        const applied = new Set(rows.rows.map((row) => row.name));
        const pending = expected.filter((name) => !applied.has(name));
        if (pending.length > 0) throw new ReadinessFailure(HealthMessages.pendingMigrations(pending));
      },
    },
    {
      name: 'storage',
      check: async () => {
        const failing = await DatabaseStorageService.of(db)?.probe(db);
        if (failing !== undefined) throw new ReadinessFailure(DatabaseMessages.storageFailing(failing));
      },
    },
  ];
}
