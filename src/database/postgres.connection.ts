import { Pool } from 'pg';
import { PostgresLocation } from './database-url.parser';
import { POSTGRES_POOL_MAX } from './database.constants';

/**
 * Opens a pool on a PostgreSQL database. Every replica has its own pool; the
 * database is what they share (queue, idempotency keys, approvals, secrets).
 *
 * An idle client's error (the server restarted, a network blip) is logged
 * by the pool's owner rather than crashing the process: the next query
 * opens a fresh connection.
 */
export function openPostgresPool(location: PostgresLocation, onIdleError: (error: Error) => void): Pool {
  const pool = new Pool({ connectionString: location.connectionString, max: POSTGRES_POOL_MAX });
  pool.on('error', onIdleError);
  return pool;
}
