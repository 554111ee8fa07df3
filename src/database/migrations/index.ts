import { Migration } from 'kysely';
import { createIdentity } from './0001_create_identity';
import { createSecrets } from '@kobana/host-kit';
import { createIdempotencyKeys } from '@kobana/idempotency';
import { createTasks } from './0101_create_tasks';
import { createExecutions } from './0102_create_executions';
import { createFiles } from './0200_create_files';
import { createWebhooks } from './0201_create_webhooks';
import { createApprovals } from './0300_create_approvals';
import { addExecutionClaimCount } from './0400_add_execution_claim_count';

/**
 * Every migration, by name. Kysely applies them in name order and records
 * each name, so a name never changes once released; add new ones at the end.
 */
export const KADU_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_create_identity': createIdentity,
  '0002_create_secrets': createSecrets,
  '0100_create_idempotency_keys': createIdempotencyKeys,
  '0101_create_tasks': createTasks,
  '0102_create_executions': createExecutions,
  '0200_create_files': createFiles,
  '0201_create_webhooks': createWebhooks,
  '0300_create_approvals': createApprovals,
  '0400_add_execution_claim_count': addExecutionClaimCount,
};
