import { Kysely } from 'kysely';
import { describeDatabase, parseDatabaseUrl } from './database-url.parser';
import { createDialect } from './database-dialect.factory';
import { DatabaseMigrations, migrateToLatest } from './database-migrator.util';
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
 * Opens the database named by `DATABASE_URL` and brings its schema up to
 * date with the host's `migrations`, so nothing that receives the instance
 * ever sees an old schema. The caller owns the instance and must `destroy()` it.
 *
 * @typeParam DB the host's tables, which its `migrations` create.
 */
export async function openDatabase<DB>(databaseUrl: string, migrations: DatabaseMigrations): Promise<OpenedDatabase<DB>> {
  const location = parseDatabaseUrl(databaseUrl);
  // SQLite's queries get spans here; PostgreSQL's come from the pg instrumentation when a host starts telemetry.
  const db = new Kysely<DB>({ dialect: createDialect(location), ...(location.dialect === 'sqlite' ? { log: sqliteQuerySpans } : {}) });
  try {
    const applied = await migrateToLatest(db, migrations);
    return { db, applied, description: describeDatabase(location) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
