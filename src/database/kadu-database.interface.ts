import type { McpTasksTable } from '@kobana/mcp-tasks';
import type { PlatformDatabase } from '@kobana/platform';
import type { ExecutionsTable } from '../executions/execution.table';
import type { FilesTable } from '../files/file.table';
import type { KaduOrganizationsTable } from '../organizations/organization.table';
import type { UsageMonthsTable } from '../organizations/usage-month.table';
import type { TasksTable } from '../tasks/task.table';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookEndpointsTable } from '../webhooks/webhook.table';

/**
 * Every table Kysely may query, keyed by table name: the libraries' and
 * Kadu's. Features declare their own table types; this file only gathers them.
 */
export interface KaduDatabase extends PlatformDatabase {
  /** With the plan column Kadu adds. */
  organizations: KaduOrganizationsTable;
  tasks: TasksTable;
  executions: ExecutionsTable;
  files: FilesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  mcp_tasks: McpTasksTable;
  usage_months: UsageMonthsTable;
}
