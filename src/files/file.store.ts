import { NotFoundException } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import type { KaduDatabase } from '../database/kadu-database.interface';
import type { FilesTable } from './file.table';

/**
 * The caller's organization's file, unless deleted. Another organization's
 * file, a deleted one and an id that never existed all answer the same 404.
 *
 * @param db the root instance, or the transaction the caller is in.
 * @throws NotFoundException (404) `File not found`.
 */
export async function findActiveFile(db: Kysely<KaduDatabase>, organizationId: string, id: string): Promise<Selectable<FilesTable>> {
  const row = await db
    .selectFrom('files')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFoundException('File not found');
  return row;
}
