/**
 * Milliseconds to wait after failed attempt `attempt` (1-based) before the
 * next one: `base`, then doubling (base 200 → 200, 400, 800…), capped at an
 * hour so a long schedule never stalls for days.
 */
export function webhookRetryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), 60 * 60 * 1000);
}
