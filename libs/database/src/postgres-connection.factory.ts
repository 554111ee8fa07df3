import { Pool, PoolClient } from 'pg';
import { PostgresLocation } from './database-url.parser';
import { POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS, POSTGRES_POOL_MAX } from './database.constants';
import type { DatabaseOptions } from './database.options';
import { DatabaseOutageService } from './database-outage.service';

/** What a pool is opened with: its bounds, and where its connections' failures are told. */
export interface PostgresPoolOptions extends Pick<DatabaseOptions, 'acquireTimeoutMs'> {
  /** `statement_timeout` of every connection; `0` for none (the migrations' pool). */
  statementTimeoutMs: number;
  /** Connections of this pool; @default POSTGRES_POOL_MAX */
  max?: number;
  outage: DatabaseOutageService;
}

/**
 * Opens a pool on a PostgreSQL database. Every replica has its own pool; the
 * database is what they share (queue, idempotency keys, approvals, secrets).
 *
 * Waiting is bounded: for a connection (`acquireTimeoutMs`, when every one
 * stays busy or the server does not answer) and for a statement
 * (`statement_timeout`, 57014). Either fails with an error the availability
 * hook answers as 503 + `Retry-After`, instead of the request waiting forever.
 *
 * A session left idle inside a transaction is ended by the server after
 * `POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS`, releasing its locks.
 *
 * No connection's failure ends the process. pg-pool listens for `error` only
 * on idle clients and stops listening while a client is checked out, as
 * Kysely holds one for a whole transaction: a server restart (57P01) or a
 * reset socket between two statements of a transaction would then be an
 * `error` event nobody hears, which Node turns into an exit. So every client
 * gets a listener of its own for its whole life; the statement in flight
 * fails with the connection's error (503), and the pool drops the client,
 * which is no longer queryable, when it is released.
 */
export function openPostgresPool(location: PostgresLocation, options: PostgresPoolOptions): Pool {
  const pool = new Pool({
    connectionString: location.connectionString,
    max: options.max ?? POSTGRES_POOL_MAX,
    connectionTimeoutMillis: options.acquireTimeoutMs,
    idle_in_transaction_session_timeout: POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(options.statementTimeoutMs > 0 ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  const { outage } = options;
  pool.on('connect', (client: PoolClient) => {
    client.on('error', (error) => outage.failed(error));
    outage.restored();
  });
  // The idle client's failure already reached its own listener above; the pool's event must still be heard.
  pool.on('error', () => undefined);
  return pool;
}
