import type { HostCoreDescriptor } from '@kobana/platform/cli';
import { BILLING_CLI } from './billing-cli.host';
import { BillingMessages } from './billing.messages';
import { BILLING_MIGRATIONS } from './database/migrations';
import { rolesWith } from './identity/billing-permission.policy';

/**
 * Billing without its modules: what the CLI opens its stores with (prefixes,
 * migrations, who reads the audit trail). `BILLING` spreads it, so the two
 * cannot differ, and `npm run cli:billing -- token create` loads none of the API or tools.
 */
export const BILLING_CORE = {
  ...BILLING_CLI,
  // `kbill_…`, so a leaked token is told from Kadu's, and neither host accepts the other's.
  tokenPrefix: 'kbill',
  envPrefix: 'BILLING_',
  migrations: BILLING_MIGRATIONS,
  auditRoles: rolesWith('audit.read'),
  auditRefusal: BillingMessages.permissionMissing('audit.read'),
} satisfies HostCoreDescriptor;
