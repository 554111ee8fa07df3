import { ConfigService } from '@nestjs/config';

/** How the execution worker polls. */
export interface ExecutionWorkerOptions {
  /** Pause between polls when the queue is empty; 0 turns the loop off (tests drive `runOnce()`). `KADU_EXECUTION_POLL_MS`, @default 500 */
  pollMs: number;
  /** How long a claim holds before another worker may take the execution back. `KADU_EXECUTION_LEASE_MS`, @default 60000 */
  leaseMs: number;
}

/** Injection token of {@link ExecutionWorkerOptions}. */
export const EXECUTION_WORKER_OPTIONS = Symbol('ExecutionWorkerOptions');

/** Reads the options from the environment, through `ConfigService` so `.env` counts too. */
export function executionWorkerOptions(config: ConfigService): ExecutionWorkerOptions {
  return {
    pollMs: nonNegative('KADU_EXECUTION_POLL_MS', config.get<string>('KADU_EXECUTION_POLL_MS'), 500),
    leaseMs: nonNegative('KADU_EXECUTION_LEASE_MS', config.get<string>('KADU_EXECUTION_LEASE_MS'), 60_000),
  };
}

function nonNegative(name: string, value: string | number | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer (got "${value}")`);
  return parsed;
}
