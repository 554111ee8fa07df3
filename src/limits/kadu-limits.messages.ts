/** What Kadu's limits say to the log. */
export const KaduLimitsMessages = {
  /** The first error of a Redis outage: rate-limited calls get 503 + `Retry-After` until it ends. */
  redisLost: (code: string) =>
    `Redis connection lost (${code}): rate-limited MCP calls are answered 503 with Retry-After until it returns; reconnecting in the background`,
  /** Redis answers again after {@link redisLost}. */
  redisRestored: (suppressed: number) => `Redis connection restored${suppressed > 0 ? ` (${suppressed} more errors during the outage not logged)` : ''}`,
} as const;
