import type { AccessTokensTable, UsersTable } from '@kobana/identity';
import type { SecretsTable } from '@kobana/host-kit';
import type { IdempotencyKeysTable } from '@kobana/idempotency';
import type { KaduOrganizationsTable } from '../organizations/organization.table';
import type { TasksTable } from '../tasks/task.table';
import type { ExecutionsTable } from '../executions/execution.table';
import type { FilesTable } from '../files/file.table';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookEndpointsTable } from '../webhooks/webhook.table';
import type { AuditEventsTable } from '@kobana/audit';
import type { McpTasksTable } from '@kobana/mcp-tasks';
import type { ApprovalSessionsTable, McpApprovalsTable, McpConfirmationNoncesTable, SignInThrottlesTable } from '@kobana/approvals';

/**
 * Every table Kysely may query, keyed by table name. Features declare their
 * own table types; this file only gathers them.
 */
export interface KaduDatabase {
  organizations: KaduOrganizationsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  secrets: SecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  tasks: TasksTable;
  executions: ExecutionsTable;
  files: FilesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  mcp_approvals: McpApprovalsTable;
  mcp_confirmation_nonces: McpConfirmationNoncesTable;
  approval_sessions: ApprovalSessionsTable;
  sign_in_throttles: SignInThrottlesTable;
  audit_events: AuditEventsTable;
  mcp_tasks: McpTasksTable;
}
