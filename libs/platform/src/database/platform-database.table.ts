import type { ApprovalSessionsTable, McpApprovalsTable, McpConfirmationNoncesTable, SignInThrottlesTable } from '@kobana/approvals';
import type { AuditEventsTable } from '@kobana/audit';
import type { SecretsTable } from '@kobana/host-kit';
import type { IdempotencyKeysTable } from '@kobana/idempotency';
import type { AccessTokensTable, OrganizationsTable, UsersTable } from '@kobana/identity';

/**
 * The libraries' tables every host's database has, keyed by name (the
 * authorization server's records are typed by `@kobana/oauth` alone). A
 * host's database `extends` it with its own tables, and may narrow
 * `organizations` to a table with more columns.
 */
export interface PlatformDatabase {
  organizations: OrganizationsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  secrets: SecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  mcp_approvals: McpApprovalsTable;
  mcp_confirmation_nonces: McpConfirmationNoncesTable;
  approval_sessions: ApprovalSessionsTable;
  sign_in_throttles: SignInThrottlesTable;
  audit_events: AuditEventsTable;
}
