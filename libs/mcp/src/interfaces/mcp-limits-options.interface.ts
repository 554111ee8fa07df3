import { McpRateLimitStorage } from './mcp-rate-limit-storage.interface';

/** The classes of calls that have their own limit (docs/protocol.md §6). */
export type McpRateLimitClass = 'read' | 'write' | 'run';

/** At most `limit` calls per `ttlMs` (a sliding window in memory, a fixed one in Redis). */
export interface McpRateLimitRule {
  limit: number;
  ttlMs: number;
}

/** `rateLimit` of the module options: one rule per class of call, and the store every replica shares. */
export interface McpRateLimitOptions {
  /** Reads: read-only tools and every non-tool method. @default { limit: 600, ttlMs: 60000 } */
  read?: McpRateLimitRule;
  /** Writes: tools neither read-only nor `run`. @default { limit: 120, ttlMs: 60000 } */
  write?: McpRateLimitRule;
  /** Runs: tools declaring `idempotentHint: false` or `rateLimitClass: 'run'`. @default { limit: 30, ttlMs: 60000 } */
  run?: McpRateLimitRule;
  /**
   * Where hits are counted. Replicas must share one (e.g. `McpRedisRateLimitStorage`).
   * @default the module's in-memory `McpMemoryRateLimitStorage` (one process only)
   */
  storage?: McpRateLimitStorage;
}

/** `rateLimit` with every default applied. */
export interface McpResolvedRateLimit extends Record<McpRateLimitClass, McpRateLimitRule> {
  storage?: McpRateLimitStorage;
}

/** `drain` of the module options: what a replica does once it is told to shut down. */
export interface McpDrainOptions {
  /** How long shutdown waits for MCP requests in flight before going on. @default 10000 */
  graceMs?: number;
  /** `Retry-After` of the 503 answered meanwhile. @default 5 */
  retryAfterSeconds?: number;
}
