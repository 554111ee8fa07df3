import { ForbiddenException } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import type { KaduRole } from '../identity/identity.types';

/** Roles that may create, change and delete tasks. */
export const TASK_EDITOR_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];
/** Roles that may change who runs a task. */
export const TASK_ADMIN_ROLES: KaduRole[] = ['owner', 'admin'];
/** Who may run a new task until its permissions are changed. */
export const DEFAULT_RUN_ROLES: KaduRole[] = ['owner', 'admin', 'operator'];

/**
 * Refuses a caller without one of `roles`. The tools declare the same roles,
 * so over MCP such a caller never sees them; this is the REST route's check.
 *
 * @throws ForbiddenException (403).
 */
export function assertRole(caller: McpCaller, roles: readonly string[], action: string): void {
  if (!caller.roles.some((role) => roles.includes(role))) {
    throw new ForbiddenException(`Your role may not ${action}`);
  }
}
