import type { ThrottlerStorage } from '@nestjs/throttler';

/**
 * Where rate-limit hits are counted: `@nestjs/throttler`'s storage contract,
 * so any throttler storage (in memory, Redis, …) plugs in unchanged. The
 * in-memory one is the single-process default; replicas must share one
 * (see {@link McpRedisRateLimitStorage}).
 */
export interface McpRateLimitStorage extends ThrottlerStorage {}

/** Injection token of the {@link McpRateLimitStorage} the module counts hits in. */
export const McpRateLimitStorage = Symbol('McpRateLimitStorage');
