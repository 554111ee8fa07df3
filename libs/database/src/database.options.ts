import { POSTGRES_CONNECT_TIMEOUT_MS, SQLITE_BUSY_TIMEOUT_MS } from './database.constants';

/**
 * How long the database layer waits for what it does not control: the
 * database at start-up, a pooled connection, a statement, another process's
 * lock. Each bound turns a stalled or exhausted database into a prompt 503 +
 * `Retry-After` (or, at start-up, a clear exit) instead of a hang.
 */
export interface DatabaseOptions {
  /**
   * How long start-up keeps trying to reach the database (exponential
   * backoff) before it gives up with a clear message. `DATABASE_STARTUP_TIMEOUT_MS`, @default 60000
   */
  startupTimeoutMs: number;
  /**
   * PostgreSQL: how long a query waits for a pooled connection (a free one or
   * a new one) before it fails as unavailable. `DATABASE_ACQUIRE_TIMEOUT_MS`, @default 5000
   */
  acquireTimeoutMs: number;
  /**
   * PostgreSQL's `statement_timeout` of the serving pool (migrations run on a
   * connection of their own, unbounded): a statement running longer is
   * cancelled (57014) and answered 503. `DATABASE_STATEMENT_TIMEOUT_MS`, @default 15000
   */
  statementTimeoutMs: number;
  /**
   * SQLite's `busy_timeout`: how long a writer waits for another process's
   * lock before SQLITE_BUSY, answered 503. `DATABASE_BUSY_TIMEOUT_MS`, @default 5000
   */
  busyTimeoutMs: number;
}

/** The defaults of {@link DatabaseOptions}, completed in {@link databaseOptions}. */
export const DEFAULT_DATABASE_OPTIONS: Readonly<DatabaseOptions> = {
  startupTimeoutMs: 60_000,
  acquireTimeoutMs: POSTGRES_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: 15_000,
  busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
};

/** `options` with the defaults of those it leaves out: the one place they are merged. */
export function databaseOptions(options: Partial<DatabaseOptions> = {}): DatabaseOptions {
  return { ...DEFAULT_DATABASE_OPTIONS, ...options };
}
