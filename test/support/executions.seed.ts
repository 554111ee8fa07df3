/**
 * Executions of this month as finished runs leave them, for specs that need
 * a plan's quota used up: the rows, and the month's counter the quota reads,
 * as each run adds to it beside its row.
 */
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { KaduDatabase } from '../../src/database/kadu-database.interface';
import { addUsage } from '../../src/organizations/organization-usage.store';

/** Writes `count` succeeded executions of `taskId` on `fileId`, created now, and counts them in the month's usage. */
export async function seedFinishedExecutions(db: Kysely<KaduDatabase>, organizationId: string, taskId: string, fileId: string, count: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('executions')
    .values(
      Array.from({ length: count }, () => ({
        id: randomUUID(),
        organization_id: organizationId,
        task_id: taskId,
        status: 'succeeded' as const,
        input_file_ids: JSON.stringify([fileId]),
        answers: '[]',
        pending_questions: null,
        result: null,
        output_file_id: null,
        error: null,
        cost_cents: 0,
        created_by: 'seed',
        worker_id: null,
        lease_expires_at: null,
        created_at: now,
        updated_at: now,
        started_at: now,
        finished_at: now,
      })),
    )
    .execute();
  await addUsage(db, organizationId, now, { executions: count });
}
