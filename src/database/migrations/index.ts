import { addAuditEventKind, createAuditEvents, dropAuditFilterIndexes } from '@kobana/audit';
import { addApprovalSummary, createApprovals, secureApprovalSignIn } from '@kobana/approvals';
import { DatabaseMigrations } from '@kobana/database';
import { createSecrets } from '@kobana/host-kit';
import { createIdempotencyKeys } from '@kobana/idempotency';
import { createIdentityMigration } from '@kobana/identity';
import { createOAuthRecords } from '@kobana/oauth';
import { createMcpTasks } from '@kobana/mcp-tasks';
import { createTasks } from './0101_create_tasks';
import { createExecutions } from './0102_create_executions';
import { createFiles } from './0200_create_files';
import { createWebhooks } from './0201_create_webhooks';
import { addExecutionClaimCount } from './0400_add_execution_claim_count';

/**
 * Every migration, by name. Kysely applies them in name order and records
 * each name, so a name never changes once released; add new ones at the end.
 * The names of migrations that now live in the libraries are Kadu's history
 * and stay as they are.
 */
export const KADU_MIGRATIONS: DatabaseMigrations = {
  // The identity library's tables, with each organization's plan (see plan.catalog.ts) after its name.
  '0001_create_identity': createIdentityMigration({ organizationColumns: (table) => table.addColumn('plan', 'text', (c) => c.notNull()) }),
  '0002_create_secrets': createSecrets,
  '0100_create_idempotency_keys': createIdempotencyKeys,
  '0101_create_tasks': createTasks,
  '0102_create_executions': createExecutions,
  '0200_create_files': createFiles,
  '0201_create_webhooks': createWebhooks,
  '0300_create_approvals': createApprovals,
  '0400_add_execution_claim_count': addExecutionClaimCount,
  // The approval library's sign-in counters, session password stamps and pruning indexes.
  '0500_secure_approval_sign_in': secureApprovalSignIn,
  // The approvals library's column for the words an approval page shows (what the call acts on).
  '0501_add_approval_summary': addApprovalSummary,
  // The OAuth library's records: codes, tokens, grants, registered clients of the authorization server.
  '0600_create_oauth': createOAuthRecords,
  // The audit library's events of the MCP endpoint (who did what, on whose behalf, who approved it).
  '0700_create_audit_events': createAuditEvents,
  '0701_drop_audit_filter_indexes': dropAuditFilterIndexes,
  // The audit events' kind: the MCP endpoint's, or the authorization server's (consents, grants revoked for reuse).
  '0702_add_audit_event_kind': addAuditEventKind,
  // The MCP task store's table: the tasks of kadu_tasks_run and kadu_executions_continue, read by any replica.
  '0800_create_mcp_tasks': createMcpTasks,
};
