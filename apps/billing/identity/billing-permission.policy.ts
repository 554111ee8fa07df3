import { ForbiddenException } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { BillingMessages } from '../billing.messages';
import { BILLING_ROLE_PERMISSIONS, BILLING_ROLES, BillingPermission, BillingRole } from './billing-roles.constants';

/** The roles holding `permission`: a tool's `roles`, and the REST check below. */
export function rolesWith(permission: BillingPermission): BillingRole[] {
  return BILLING_ROLES.filter((role) => BILLING_ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * The REST route's check of a panel permission. Over MCP the tool declares
 * the same roles, so a caller without it never sees the tool; over REST the
 * service refuses with 403.
 *
 * @throws ForbiddenException (403).
 */
export function assertPermission(caller: McpCaller, permission: BillingPermission): void {
  const allowed: string[] = rolesWith(permission);
  if (!caller.roles.some((role) => allowed.includes(role))) {
    throw new ForbiddenException(BillingMessages.permissionMissing(permission));
  }
}
