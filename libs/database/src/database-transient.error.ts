/**
 * Which database errors are passing faults a client should simply retry
 * (answered 503 + `Retry-After`), as opposed to bugs or bad input.
 */

/** A lock held by another connection longer than `busy_timeout`: gone in a moment. */
const TRANSIENT_SQLITE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);

/**
 * PostgreSQL SQLSTATEs that a retry of the whole request can succeed after:
 * serialization failure, deadlock victim, lock not available (NOWAIT / lock_timeout),
 * a session ended for idling in a transaction, too many connections, and the
 * server shutting down or still starting.
 * Class 08 (connection exception) is matched as a class.
 */
const TRANSIENT_POSTGRES_CODES = new Set(['40001', '40P01', '55P03', '25P03', '53300', '57P01', '57P03']);
const POSTGRES_CONNECTION_EXCEPTION_CLASS = '08';

/**
 * What pg-pool throws, without a code, when no connection frees up or opens
 * within `connectionTimeoutMillis`: the pool is busy, not broken.
 */
const POOL_TIMEOUT_MESSAGES = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/** What a pool timeout is called where a transient fault is named (it has no code of its own). */
const POOL_TIMEOUT_FAULT = 'POOL_TIMEOUT';

/**
 * `Retry-After` of a transient fault, over MCP and REST alike: the lock or
 * the busy connection is usually gone within a second.
 */
export const TRANSIENT_DATABASE_RETRY_AFTER_SECONDS = 1;

/** Whether `error` is a transient fault of SQLite or PostgreSQL (or of the PostgreSQL pool). */
export function isTransientDatabaseError(error: unknown): boolean {
  return transientDatabaseFault(error) !== undefined;
}

/**
 * `McpAvailability.retryAfterOnError` for a host on this database layer:
 * a transient fault is retried after {@link TRANSIENT_DATABASE_RETRY_AFTER_SECONDS}.
 * @returns `undefined` for any other error (a real failure).
 */
export function retryAfterOnDatabaseError(error: unknown): number | undefined {
  return isTransientDatabaseError(error) ? TRANSIENT_DATABASE_RETRY_AFTER_SECONDS : undefined;
}

/**
 * The name of a transient fault, safe to log: its SQLite code or SQLSTATE, or
 * `POOL_TIMEOUT`; `undefined` for any other error. Never the message, which
 * may quote values.
 */
export function transientDatabaseFault(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    const transient = TRANSIENT_SQLITE_CODES.has(code) || TRANSIENT_POSTGRES_CODES.has(code) || isPostgresConnectionException(code);
    return transient ? code : undefined;
  }
  return typeof message === 'string' && POOL_TIMEOUT_MESSAGES.has(message) ? POOL_TIMEOUT_FAULT : undefined;
}

/** A five-character SQLSTATE of class 08, not a Node error code such as `ERR_…`. */
function isPostgresConnectionException(code: string): boolean {
  return code.length === 5 && code.startsWith(POSTGRES_CONNECTION_EXCEPTION_CLASS);
}
