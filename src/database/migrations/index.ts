import { DatabaseMigrations } from '@kobana/database';
import { createIdentityMigration } from '@kobana/identity';
import { createMcpTasks } from '@kobana/mcp-tasks';
import { createTasks } from './0101_create_tasks';
import { createExecutions } from './0102_create_executions';
import { createFiles } from './0200_create_files';
import { createWebhooks } from './0201_create_webhooks';
import { addExecutionClaimCount } from './0400_add_execution_claim_count';
import { addListingIndexes } from './0900_add_listing_indexes';
import { createUsageMonths } from './0901_create_usage_months';

/**
 * Kadu's own migrations, by name; the platform adds the libraries' ones
 * (`PLATFORM_MIGRATIONS`). Kysely applies them all in name order and records
 * each name, so a name never changes once released; add new ones at the end.
 */
export const KADU_MIGRATIONS: DatabaseMigrations = {
  // The identity library's tables, with each organization's plan (see plan-catalog.constants.ts) after its name.
  '0001_create_identity': createIdentityMigration({ organizationColumns: (table) => table.addColumn('plan', 'text', (c) => c.notNull()) }),
  '0101_create_tasks': createTasks,
  '0102_create_executions': createExecutions,
  '0200_create_files': createFiles,
  '0201_create_webhooks': createWebhooks,
  '0400_add_execution_claim_count': addExecutionClaimCount,
  // The MCP task store's table: the tasks of kadu_tasks_run and kadu_executions_continue, read by any replica.
  '0800_create_mcp_tasks': createMcpTasks,
  // Filtered listings and the month's usage at the same cost however many rows an organization has.
  '0900_add_listing_indexes': addListingIndexes,
  // The month's usage as a counter kept by runs and outcomes, filled from the executions already there.
  '0901_create_usage_months': createUsageMonths,
};
