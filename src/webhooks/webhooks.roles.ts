import { ForbiddenException } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import type { KaduRole } from '../identity/identity.types';

/** Webhooks decide where an organization's data goes: owners and admins only, reads included (URLs can be sensitive). */
export const WEBHOOK_ROLES: KaduRole[] = ['owner', 'admin'];

/**
 * The REST route's role check; the tools declare the same roles, so over
 * MCP such a caller never sees them.
 * @throws ForbiddenException (403).
 */
export function assertWebhookRole(caller: McpCaller, action: string): void {
  if (!caller.roles.some((role) => (WEBHOOK_ROLES as string[]).includes(role))) {
    throw new ForbiddenException(`Your role may not ${action}`);
  }
}
