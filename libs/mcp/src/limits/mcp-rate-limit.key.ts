import { createHash } from 'crypto';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpRateLimitClass } from './mcp-rate-limit.class';

/** Prefix of every key the module writes in a shared store. */
export const MCP_RATE_LIMIT_KEY_PREFIX = 'mcp:rl:';

/**
 * The bucket of a caller and class. Only token-derived values go in
 * (organization, subject, OAuth client), never a header or argument the
 * client picks, so a client cannot spread its calls over fresh buckets. They
 * are hashed: ids may hold any character, and a store key must not.
 */
export function rateLimitKey(caller: McpCaller, toolClass: McpRateLimitClass): string {
  const who = createHash('sha256')
    .update(JSON.stringify([caller.organization_id, caller.subject, caller.client_id]))
    .digest('hex');
  return `${MCP_RATE_LIMIT_KEY_PREFIX}${toolClass}:${who}`;
}
