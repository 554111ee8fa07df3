/** What a storage answers for one hit: the shape of `@nestjs/throttler`'s `ThrottlerStorageRecord`. */
export interface McpRateLimitRecord {
  /** Hits counted in the current window, this one included. */
  totalHits: number;
  /** Seconds until the window ends. */
  timeToExpire: number;
  /** Whether the key is blocked (over the limit). */
  isBlocked: boolean;
  /** Seconds until the block ends; 0 when not blocked. */
  timeToBlockExpire: number;
}

/**
 * Where rate-limit hits are counted: `@nestjs/throttler`'s storage contract,
 * method for method, so any throttler storage (in memory, Redis, …) plugs in
 * unchanged. Declared here rather than imported, so that the module does not
 * depend on `@nestjs/throttler` for a type (a spec checks both stay
 * assignable). The in-memory one is the single-process default; replicas must
 * share one (see {@link McpRedisRateLimitStorage}).
 */
export interface McpRateLimitStorage {
  /** Counts one hit of `key` under `throttlerName` in a window of `ttl` ms, blocking for `blockDuration` ms past `limit`. */
  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<McpRateLimitRecord>;
}

/** Injection token of the {@link McpRateLimitStorage} the module counts hits in. */
export const McpRateLimitStorage = Symbol('McpRateLimitStorage');
