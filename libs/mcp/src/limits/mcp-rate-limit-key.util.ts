import { createHash } from 'crypto';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpRateLimitClass } from '../interfaces/mcp-limits-options.interface';

/** Prefix of every key the module writes in a shared store. */
export const MCP_RATE_LIMIT_KEY_PREFIX = 'mcp:rl:';

/**
 * Hashed callers remembered, so a busy caller's key is one map lookup, not a
 * SHA-256 per request. Bounded: past it the memo starts over (callers are
 * few next to requests, and a miss only costs the hash).
 */
const REMEMBERED_CALLERS = 10_000;
const hashedCallers = new Map<string, string>();

/**
 * The bucket of a caller and class. Only token-derived values go in
 * (organization, subject, OAuth client), never a header or argument the
 * client picks, so a client cannot spread its calls over fresh buckets. They
 * are hashed: ids may hold any character, and a store key must not.
 */
export function rateLimitKey(caller: McpCaller, toolClass: McpRateLimitClass): string {
  return `${MCP_RATE_LIMIT_KEY_PREFIX}${toolClass}:${callerDigest(caller)}`;
}

function callerDigest(caller: McpCaller): string {
  const identity = JSON.stringify([caller.organization_id, caller.subject, caller.client_id]);
  let digest = hashedCallers.get(identity);
  if (digest === undefined) {
    digest = createHash('sha256').update(identity).digest('hex');
    if (hashedCallers.size >= REMEMBERED_CALLERS) hashedCallers.clear();
    hashedCallers.set(identity, digest);
  }
  return digest;
}
