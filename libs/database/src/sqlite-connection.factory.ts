import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SqliteLocation } from './database-url.parser';

/**
 * Opens an SQLite database, creating its directory on first start.
 *
 * - WAL lets readers proceed while one writer commits, which matters once the
 *   CLI and the server (or several replicas) share the file.
 * - `foreign_keys` is off by default in SQLite; the migrations rely on it.
 * - `busy_timeout` makes a second process wait for a lock, `busyTimeoutMs`
 *   at most, before SQLITE_BUSY (answered 503).
 */
export function openSqlite(location: SqliteLocation, busyTimeoutMs: number): Database.Database {
  const inMemory = location.filename === ':memory:';
  if (!inMemory) mkdirSync(dirname(location.filename), { recursive: true });
  const database = new Database(location.filename);
  database.pragma(`busy_timeout = ${busyTimeoutMs}`);
  if (!inMemory) database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  return database;
}
