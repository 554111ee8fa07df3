import { NotFoundException } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import type { KaduDatabase } from '../database/kadu-database.interface';
import type { ExecutionsTable } from './execution.table';

/**
 * The caller's organization's execution. Another organization's and a
 * nonexistent one answer the same 404.
 *
 * @throws NotFoundException (404) `Execution not found`.
 */
export async function findExecution(db: Kysely<KaduDatabase>, organizationId: string, id: string): Promise<Selectable<ExecutionsTable>> {
  const row = await db.selectFrom('executions').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundException('Execution not found');
  return row;
}
