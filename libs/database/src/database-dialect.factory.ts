import { Dialect, Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import { DatabaseLocation } from './database-url.parser';
import type { DatabaseOptions } from './database.options';
import { DatabaseOutageService } from './database-outage.service';
import { openPostgresPool } from './postgres-connection.factory';
import { openSqlite } from './sqlite-connection.factory';
import { withStatementCache } from './sqlite-statement-cache.factory';

/**
 * The Kysely dialect for a parsed `DATABASE_URL`; connections open lazily
 * (PostgreSQL) or at once (SQLite). `statementTimeoutMs` is the serving
 * bound; the migrations' dialect passes 0 (a migration may rewrite a table).
 */
export function createDialect(
  location: DatabaseLocation,
  options: DatabaseOptions & { max?: number },
  outage = new DatabaseOutageService('PostgreSQL'),
): Dialect {
  if (location.dialect === 'sqlite') return new SqliteDialect({ database: withStatementCache(openSqlite(location, options.busyTimeoutMs)) });
  return new PostgresDialect({ pool: openPostgresPool(location, { ...options, outage }) });
}

/**
 * Which dialect an open database speaks, for the few statements that differ
 * (the queue's `FOR UPDATE SKIP LOCKED`). Read from the instance, so services
 * built by hand in unit specs need no extra argument.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; only its adapter is read
export function dialectOf(db: Kysely<any>): DatabaseLocation['dialect'] {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
