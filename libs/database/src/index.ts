/**
 * `@kobana/database`: where a host's data lives (SQLite or PostgreSQL, from
 * `DATABASE_URL`), opened and migrated with the host's own migration list,
 * which of its faults are worth a retry (503 + `Retry-After`), and the one
 * cursor shape of its keyset listings.
 */
export { parseDatabaseUrl, describeDatabase } from './database-url.parser';
export { openDatabase } from './database.factory';
export type { OpenedDatabase } from './database.factory';
export type { DatabaseMigration, DatabaseMigrations } from './database-migrator.util';
export { buildIndexConcurrently, createIndexIfAbsent, postgresIndexState } from './concurrent-index.util';
export type { IndexDefinition } from './concurrent-index.util';
export { dialectOf } from './database-dialect.factory';
export { narrowDatabase } from './database-subset.util';
export { SQLITE_BUSY_TIMEOUT_MS, POSTGRES_POOL_MAX, POSTGRES_CONNECT_TIMEOUT_MS } from './database.constants';
export { databaseFault, messageOnDatabaseError, retryAfterOnDatabaseError, STORAGE_RETRY_AFTER_SECONDS } from './database-transient.error';
export type { DatabaseFault, DatabaseFaultKind } from './database-transient.error';
export { DEFAULT_DATABASE_OPTIONS } from './database.options';
export type { DatabaseOptions } from './database.options';
export { DatabaseStorageService } from './database-storage.service';
export { DatabaseMessages } from './database.messages';
export { DatabaseUnavailableFilter } from './database-unavailable.filter';
export { encodeKeysetCursor, decodeKeysetCursor } from './keyset-cursor.codec';
export type { KeysetCursorKey } from './keyset-cursor.codec';
export { keysetBefore, keysetAtOrAfter } from './keyset-bound.util';
export { deleteInBatches, restAfterBatch, runSweep, DELETE_BATCH_ROWS, DELETE_PAUSE_FACTOR } from './batch-delete.util';
export { PeriodicPruner } from './periodic-pruner.worker';
export type { PeriodicPrunerOptions } from './periodic-pruner.worker';
export { PollingLoop } from './polling-loop.worker';
export type { PollingLoopOptions, PollingLoopLogger } from './polling-loop.worker';
export { pollingBackoffMs, DEFAULT_POLLING_MAX_BACKOFF_MS } from './polling-backoff.util';
export { WorkerHealthRegistry } from './worker-health.registry';
export { WorkerHealthModule } from './worker-health.module';
export type { WorkerHealthOptions } from './worker-health.options';
export type { WorkerHealth, WorkerRegistration } from './worker-health.interface';
export { DEFAULT_WORKER_STALE_AFTER_MS, WORKER_METRIC } from './worker-health.constants';
