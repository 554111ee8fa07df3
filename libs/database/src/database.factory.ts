import { Kysely, LogEvent } from 'kysely';
import { DatabaseLocation, describeDatabase, parseDatabaseUrl } from './database-url.parser';
import { createDialect } from './database-dialect.factory';
import { DatabaseMigrations, migrateToLatest } from './database-migrator.util';
import { DatabaseOptions, databaseOptions } from './database.options';
import { untilDatabaseAnswers } from './database-startup.bootstrap';
import { DatabaseStorageService } from './database-storage.service';
import { sqliteQuerySpans } from './sqlite-query-spans.util';

/** An open, migrated database and what was done to it. */
export interface OpenedDatabase<DB> {
  db: Kysely<DB>;
  /** Migrations applied by this call. */
  applied: string[];
  /** A printable description of where the data lives (no credentials). */
  description: string;
}

/**
 * The migrations' PostgreSQL pool: no statement bound (a migration may
 * rewrite a large table), and two connections: one holds the lock under
 * which indexes are built concurrently, the other runs the migrations.
 */
const MIGRATION_POOL = { max: 2, statementTimeoutMs: 0 } as const;

/**
 * Opens the database named by `DATABASE_URL` and brings its schema up to
 * date with the host's `migrations`, so nothing that receives the instance
 * ever sees an old schema. The caller owns the instance and must `destroy()` it.
 *
 * While the database does not answer (a PostgreSQL server down or
 * restarting), start-up waits and retries for `startupTimeoutMs` (see
 * {@link untilDatabaseAnswers}). A storage tracker is attached to the
 * instance (`DatabaseStorageService.of(db)`), read by the `storage` readiness check.
 *
 * @typeParam DB the host's tables, which its `migrations` create.
 */
export async function openDatabase<DB>(
  databaseUrl: string,
  migrations: DatabaseMigrations,
  settings: Partial<DatabaseOptions> = {},
): Promise<OpenedDatabase<DB>> {
  const options = databaseOptions(settings);
  const location = parseDatabaseUrl(databaseUrl);
  const storage = new DatabaseStorageService();
  const db = new Kysely<DB>({ dialect: createDialect(location, options), log: queryLog(location, storage) });
  storage.attach(db);
  try {
    // SQLite's file is the database: its migrations run on the same handle (`:memory:` has no other).
    const migrator = location.dialect === 'sqlite' ? db : new Kysely<DB>({ dialect: createDialect(location, { ...options, ...MIGRATION_POOL }) });
    try {
      const applied = await untilDatabaseAnswers(() => migrateToLatest(migrator, migrations), options.startupTimeoutMs);
      return { db, applied, description: describeDatabase(location) };
    } finally {
      if (migrator !== db) await migrator.destroy();
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * Kysely's `log` hook: every query feeds the storage tracker; SQLite's also
 * get spans here, PostgreSQL's come from the pg instrumentation when a host
 * starts telemetry.
 */
function queryLog(location: DatabaseLocation, storage: DatabaseStorageService): (event: LogEvent) => void {
  if (location.dialect !== 'sqlite') return (event) => storage.observe(event);
  return (event) => {
    storage.observe(event);
    sqliteQuerySpans(event);
  };
}
