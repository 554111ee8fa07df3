import { NotFoundException } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import type { KaduDatabase } from '../database/kadu-database.interface';
import type { TasksTable } from './task.table';

/**
 * The caller's organization's task, unless deleted. Another organization's
 * task, a deleted one and an id that never existed all answer the same 404,
 * so nothing tells one from the other.
 *
 * @param db the root instance, or the transaction the caller is in.
 * @throws NotFoundException (404) `Task not found`.
 */
export async function findActiveTask(db: Kysely<KaduDatabase>, organizationId: string, id: string): Promise<Selectable<TasksTable>> {
  const row = await db
    .selectFrom('tasks')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFoundException('Task not found');
  return row;
}
