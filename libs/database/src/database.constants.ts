/** Milliseconds a writer waits for another process's lock before SQLITE_BUSY: the default of `DATABASE_BUSY_TIMEOUT_MS`. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Connections per replica's PostgreSQL pool: the worker, the webhook loop and concurrent requests. */
export const POSTGRES_POOL_MAX = 10;

/** Milliseconds a query waits for a pooled PostgreSQL connection (free or newly opened) before failing as transient: the default of `DATABASE_ACQUIRE_TIMEOUT_MS`. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

/**
 * Milliseconds a PostgreSQL session may sit idle inside an open transaction
 * before the server ends it. A replica that stalls mid-transaction (frozen,
 * a long GC pause, a lost VM) would otherwise hold its row locks, such as an
 * organization's during a run, and every replica's runs of that organization
 * would queue behind it.
 */
export const POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000;
