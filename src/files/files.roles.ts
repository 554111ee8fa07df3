import { ForbiddenException } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import type { KaduRole } from '../identity/identity.types';

/** Roles that may upload and delete files (viewers only read). */
export const FILE_WRITER_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];

/**
 * Refuses a caller without one of `roles`. The tools declare the same roles,
 * so over MCP such a caller never sees them; this is the REST route's check.
 * @throws ForbiddenException (403).
 */
export function assertFileRole(caller: McpCaller, roles: readonly string[], action: string): void {
  if (!caller.roles.some((role) => roles.includes(role))) throw new ForbiddenException(`Your role may not ${action}`);
}
