import { ConfigService } from '@nestjs/config';
import { KaduConfig } from '../config/kadu-config.interface';

/** How the execution worker polls. */
export interface ExecutionWorkerOptions {
  /** Pause between polls when the queue is empty; 0 turns the loop off (tests drive `runOnce()`). `KADU_EXECUTION_POLL_MS`, @default 500 */
  pollMs: number;
  /** How long a claim holds before another worker may take the execution back. `KADU_EXECUTION_LEASE_MS`, @default 60000 */
  leaseMs: number;
  /**
   * On shutdown, how long to let the execution in hand finish before handing
   * it back to the queue for another replica. `KADU_EXECUTION_HANDBACK_MS`, @default 5000
   */
  handBackMs: number;
}

/** Injection token of {@link ExecutionWorkerOptions}. */
export const EXECUTION_WORKER_OPTIONS = Symbol('ExecutionWorkerOptions');

/**
 * The options from Kadu's configuration, where `loadKaduConfig` has already
 * validated them and applied their defaults (a bad value stops the start).
 */
export function executionWorkerOptions(config: ConfigService<KaduConfig, true>): ExecutionWorkerOptions {
  return {
    pollMs: config.get('KADU_EXECUTION_POLL_MS', { infer: true }),
    leaseMs: config.get('KADU_EXECUTION_LEASE_MS', { infer: true }),
    handBackMs: config.get('KADU_EXECUTION_HANDBACK_MS', { infer: true }),
  };
}

/**
 * A non-negative integer from the environment, or `fallback` when unset.
 * For settings not yet in `loadKaduConfig` (the worker's own are there).
 * @throws Error naming the variable otherwise.
 */
export function nonNegative(name: string, value: string | number | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer (got "${value}")`);
  return parsed;
}
