import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Prepared statements kept per open database (least recently used out).
 * Kysely builds a few dozen distinct SQL texts; the bound keeps a host that
 * builds many more (ad-hoc `IN` lists) from holding them all.
 * @default 500
 */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/** The statement Kysely's SQLite driver sends to roll a failed transaction back. */
const ROLLBACK = 'rollback';

/**
 * What Kysely runs instead of `rollback` when SQLite has already rolled the
 * transaction back itself, as it does on SQLITE_FULL, SQLITE_IOERR and
 * SQLITE_NOMEM: the `rollback` would fail with "cannot rollback - no
 * transaction is active", and Kysely would throw that instead of the error
 * that caused it, hiding a full disk behind a message about transactions.
 */
const ROLLED_BACK = { reader: false, all: () => [], run: () => ({ changes: 0, lastInsertRowid: 0 }), iterate: () => [][Symbol.iterator]() };

/**
 * The database as Kysely's SQLite dialect sees it, with each SQL text prepared
 * once. Kysely prepares the statement of every query it runs, measured at
 * 50–75 µs a query under `npm run bench`, more than most queries take to run.
 * Reusing one is safe: Kysely runs one query at a time per SQLite connection,
 * and a statement still being iterated (a streamed select) is never handed out
 * again, a fresh one is prepared for that call.
 */
export function withStatementCache(database: Database.Database, size = SQLITE_STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare: (sql: string) => {
      if (sql === ROLLBACK && !database.inTransaction) return ROLLED_BACK;
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: re-inserting marks it most recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        if (statements.size >= size) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
