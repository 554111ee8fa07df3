import { ForbiddenException } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { roleForbiddenMessage } from './roles.messages';

/**
 * Refuses a caller without one of `roles`. Each tool declares the same roles
 * in `@McpTool({ roles })`, so over MCP such a caller never sees the tool;
 * this is the REST route's check, kept in the service so both paths share it.
 *
 * @param action what the caller tried, as a verb phrase ("change tasks").
 * @throws ForbiddenException (403).
 */
export function assertRole(caller: McpCaller, roles: readonly string[], action: string): void {
  if (!caller.roles.some((role) => roles.includes(role))) throw new ForbiddenException(roleForbiddenMessage(action));
}
