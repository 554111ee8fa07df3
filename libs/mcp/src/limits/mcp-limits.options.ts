import { McpLimitsMessages } from './mcp-limits.messages';
import { McpDrainOptions, McpRateLimitClass, McpRateLimitOptions, McpRateLimitRule, McpResolvedRateLimit } from '../interfaces/mcp-limits-options.interface';
import { McpAvailability } from '../interfaces/mcp-availability.interface';

/** Limits a single person's client hardly reaches by hand, and a runaway loop reaches in seconds. */
export const MCP_DEFAULT_RATE_LIMITS: Readonly<Record<McpRateLimitClass, McpRateLimitRule>> = {
  read: { limit: 600, ttlMs: 60_000 },
  write: { limit: 120, ttlMs: 60_000 },
  run: { limit: 30, ttlMs: 60_000 },
};

/**
 * Sub-windows a rate-limit ttl is cut into, by every store the module ships:
 * a hit is forgotten when the newest hit of its sub-window is a ttl old, so
 * at most ttl / 30 later than an exact log would forget it (2 s of a
 * minute), never earlier, and a call costs the same at any budget.
 */
export const MCP_RATE_LIMIT_SUB_WINDOWS = 30;

/** The default availability: every call is taken, no error is transient. */
export const ALWAYS_AVAILABLE: McpAvailability = { unavailableFor: () => undefined };

/** Within Kubernetes' default 30 s termination grace, with room for the host's own shutdown. */
export const MCP_DEFAULT_DRAIN: Required<McpDrainOptions> = { graceMs: 10_000, retryAfterSeconds: 5 };

/** `rateLimit` with its defaults; `false` turns limiting off. A nonsense rule stops start-up. */
export function resolveRateLimit(options: McpRateLimitOptions | false | undefined): McpResolvedRateLimit | false {
  if (options === false) return false;
  const resolved: McpResolvedRateLimit = { ...MCP_DEFAULT_RATE_LIMITS, storage: options?.storage };
  for (const toolClass of ['read', 'write', 'run'] as const) {
    const rule = options?.[toolClass] ?? MCP_DEFAULT_RATE_LIMITS[toolClass];
    if (!Number.isInteger(rule.limit) || rule.limit < 1) throw new Error(McpLimitsMessages.invalidRule(toolClass, 'limit must be an integer ≥ 1'));
    if (!Number.isInteger(rule.ttlMs) || rule.ttlMs < 1000) throw new Error(McpLimitsMessages.invalidRule(toolClass, 'ttlMs must be an integer ≥ 1000'));
    resolved[toolClass] = { limit: rule.limit, ttlMs: rule.ttlMs };
  }
  return resolved;
}

/** `drain` with its defaults. */
export function resolveDrain(options: McpDrainOptions | undefined): Required<McpDrainOptions> {
  return { ...MCP_DEFAULT_DRAIN, ...options };
}
