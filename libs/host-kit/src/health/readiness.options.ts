import type { ReadinessCheck } from './readiness-check.interface';

/** The default of {@link ReadinessOptions.timeoutMs} (`READINESS_TIMEOUT_MS`). */
export const DEFAULT_READINESS_TIMEOUT_MS = 1000;

/** What `GET /readyz` checks, and within how long. */
export interface ReadinessOptions {
  /** The host's checks: its database and migrations, its Redis when configured. */
  checks: ReadinessCheck[];
  /**
   * How long the probe may take in all; a check still running then counts as
   * failed (`no answer within … ms`). `READINESS_TIMEOUT_MS` in the hosts, @default 1000
   */
  timeoutMs?: number;
}

/** Injection token of the completed {@link ReadinessOptions}. */
export const READINESS_OPTIONS = Symbol('READINESS_OPTIONS');

/** The options with their default, from what a host's factory gave: the checks alone, or the checks and a budget. */
export function readinessOptionsOf(given: ReadinessCheck[] | ReadinessOptions): Required<ReadinessOptions> {
  const options = Array.isArray(given) ? { checks: given } : given;
  return { checks: options.checks, timeoutMs: options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS };
}
