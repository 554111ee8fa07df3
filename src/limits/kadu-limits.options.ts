import { ConfigService } from '@nestjs/config';
import { nonNegative } from '../executions/execution-worker.options';

/** Kadu's limits and draining, from the environment. */
export interface KaduLimitsOptions {
  /** MCP reads per caller per minute. `KADU_RATE_LIMIT_READ`, @default 600 */
  readPerMinute: number;
  /** MCP writes per caller per minute. `KADU_RATE_LIMIT_WRITE`, @default 120 */
  writePerMinute: number;
  /** MCP runs (`kadu_tasks_run`, `kadu_executions_continue`, `kadu_webhook_deliveries_replay`) per caller per minute. `KADU_RATE_LIMIT_RUN`, @default 30 */
  runPerMinute: number;
  /** Redis shared by the replicas for rate limits; unset: counted in this process only. `KADU_REDIS_URL` */
  redisUrl?: string;
  /**
   * How long a Redis command may take before it fails (the call is then
   * answered 503 + `Retry-After`): a stalled Redis must not hold requests.
   * `KADU_REDIS_COMMAND_TIMEOUT_MS`, @default 1000
   */
  redisCommandTimeoutMs: number;
  /** How long shutdown waits for MCP requests in flight. `KADU_DRAIN_GRACE_MS`, @default 10000 */
  drainGraceMs: number;
  /** Queued executions (all organizations) from which new runs are refused with 503. 0: never. `KADU_EXECUTION_QUEUE_MAX`, @default 1000 */
  executionQueueMax: number;
}

/** Injection token of {@link KaduLimitsOptions}. */
export const KADU_LIMITS_OPTIONS = Symbol('KaduLimitsOptions');

/** Reads the options through `ConfigService`, so `.env` counts too. */
export function kaduLimitsOptions(config: ConfigService): KaduLimitsOptions {
  const read = (name: string, fallback: number) => nonNegative(name, config.get<string>(name), fallback);
  const positive = (name: string, fallback: number) => {
    const value = read(name, fallback);
    if (value < 1) throw new Error(`${name} must be an integer of at least 1 (got "${value}")`);
    return value;
  };
  return {
    readPerMinute: positive('KADU_RATE_LIMIT_READ', 600),
    writePerMinute: positive('KADU_RATE_LIMIT_WRITE', 120),
    runPerMinute: positive('KADU_RATE_LIMIT_RUN', 30),
    redisUrl: config.get<string>('KADU_REDIS_URL')?.trim() || undefined,
    redisCommandTimeoutMs: positive('KADU_REDIS_COMMAND_TIMEOUT_MS', 1000),
    drainGraceMs: read('KADU_DRAIN_GRACE_MS', 10_000),
    executionQueueMax: read('KADU_EXECUTION_QUEUE_MAX', 1000),
  };
}
