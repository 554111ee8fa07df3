import type { IdempotencyKeysTable } from '@kobana/idempotency';
import type { AccessTokensTable, OrganizationsTable, UsersTable } from '@kobana/identity';
import type { CustomersTable } from '../customers/customer.table';
import type { SubscriptionsTable } from '../subscriptions/subscription.table';
import type { InvoicesTable } from '../invoices/invoice.table';
import type { NfesTable } from '../nfes/nfe.table';
import type { SecretsTable } from '@kobana/host-kit';
import type { AuditEventsTable } from '@kobana/audit';
import type { ApprovalSessionsTable, McpApprovalsTable, McpConfirmationNoncesTable, SignInThrottlesTable } from '@kobana/approvals';

/** Every table of Billing's database, keyed by name. Features declare their own table types. */
export interface BillingDatabase {
  organizations: OrganizationsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  customers: CustomersTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  nfes: NfesTable;
  secrets: SecretsTable;
  mcp_approvals: McpApprovalsTable;
  mcp_confirmation_nonces: McpConfirmationNoncesTable;
  approval_sessions: ApprovalSessionsTable;
  sign_in_throttles: SignInThrottlesTable;
  audit_events: AuditEventsTable;
}
