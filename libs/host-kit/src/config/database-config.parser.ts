import { DatabaseOptions, DEFAULT_DATABASE_OPTIONS } from '@kobana/database';
import { Environment, parseIntegerSetting, readSetting } from './setting.parser';

/**
 * How long a host waits on its database, read alike by every host (see
 * `DatabaseOptions` of `@kobana/database` for what each bound does).
 */
export interface DatabaseConfig {
  /** Start-up's wait for an unreachable database, with backoff, before exiting. `DATABASE_STARTUP_TIMEOUT_MS`, @default 60000 */
  DATABASE_STARTUP_TIMEOUT_MS: number;
  /** PostgreSQL: a query's wait for a pooled connection before 503. `DATABASE_ACQUIRE_TIMEOUT_MS`, @default 5000 */
  DATABASE_ACQUIRE_TIMEOUT_MS: number;
  /** PostgreSQL's `statement_timeout` (migrations excepted), then 503. `DATABASE_STATEMENT_TIMEOUT_MS`, @default 15000 */
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  /** SQLite's `busy_timeout`: a writer's wait for another process's lock before 503. `DATABASE_BUSY_TIMEOUT_MS`, @default 5000 */
  DATABASE_BUSY_TIMEOUT_MS: number;
}

/**
 * Reads {@link DatabaseConfig} from `env`. Problems are added to `problems`,
 * each naming its variable; the defaults stand in for refused values.
 */
export function readDatabaseConfig(env: Environment, problems: string[]): DatabaseConfig {
  const read = (name: keyof DatabaseConfig, fallback: number, min: number) => parseIntegerSetting(name, readSetting(env, name), fallback, min, problems);
  return {
    DATABASE_STARTUP_TIMEOUT_MS: read('DATABASE_STARTUP_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.startupTimeoutMs, 0),
    DATABASE_ACQUIRE_TIMEOUT_MS: read('DATABASE_ACQUIRE_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.acquireTimeoutMs, 100),
    DATABASE_STATEMENT_TIMEOUT_MS: read('DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.statementTimeoutMs, 100),
    DATABASE_BUSY_TIMEOUT_MS: read('DATABASE_BUSY_TIMEOUT_MS', DEFAULT_DATABASE_OPTIONS.busyTimeoutMs, 0),
  };
}

/** The `DatabaseOptions` that `openDatabase` takes, from the settings. */
export function databaseOptionsOf(config: DatabaseConfig): DatabaseOptions {
  return {
    startupTimeoutMs: config.DATABASE_STARTUP_TIMEOUT_MS,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    busyTimeoutMs: config.DATABASE_BUSY_TIMEOUT_MS,
  };
}
