/** The longest pause between two failed polls when a worker does not say otherwise. */
export const DEFAULT_POLLING_MAX_BACKOFF_MS = 30_000;

/**
 * How long a loop waits before its next attempt after `failures` failed
 * polls in a row: the pause doubles from `baseMs` with each failure, up to
 * `maxMs`, and a random half of it is taken off ("equal jitter"), so the
 * replicas that lost the same database do not all come back in the same
 * millisecond. Never under half of `baseMs`, never over `maxMs`.
 *
 * @param failures consecutive failures so far, from 1.
 * @param random a number in [0, 1); `Math.random` unless a test fixes it.
 */
export function pollingBackoffMs(failures: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const base = Math.max(1, baseMs);
  // 2^30 is far past any maximum; capping the exponent keeps the product finite.
  const ceiling = Math.min(Math.max(base, maxMs), base * 2 ** Math.min(Math.max(failures - 1, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
