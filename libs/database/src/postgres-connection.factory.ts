import { Pool } from 'pg';
import { PostgresLocation } from './database-url.parser';
import { POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS, POSTGRES_POOL_MAX } from './database.constants';

/**
 * Opens a pool on a PostgreSQL database. Every replica has its own pool; the
 * database is what they share (queue, idempotency keys, approvals, secrets).
 *
 * Waiting for a connection is bounded: when every connection stays busy (or
 * the server does not answer) past the timeout, the query fails with an error
 * the availability hook answers as 503 + `Retry-After`, instead of the
 * request waiting forever.
 *
 * A session left idle inside a transaction is ended by the server after
 * `POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS`, releasing its locks.
 *
 * An idle client's error (the server restarted, a network blip) is logged
 * by the pool's owner rather than crashing the process: the next query
 * opens a fresh connection.
 */
export function openPostgresPool(location: PostgresLocation, onIdleError: (error: Error) => void): Pool {
  const pool = new Pool({
    connectionString: location.connectionString,
    max: POSTGRES_POOL_MAX,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  pool.on('error', onIdleError);
  return pool;
}
