import { SelectQueryBuilder } from 'kysely';
import { keysetBefore } from '@kobana/database';
import { CursorKey, decodeCursor, encodeCursor } from './cursor.codec';
import { Page } from './page.interface';
import { DEFAULT_PAGE_LIMIT, PageQueryDto } from './page-query.dto';

/**
 * Runs a keyset page of `query`, newest first by `(created_at, id)`. The
 * query carries its own filters (organization first of all); this adds the
 * cursor condition, the order and `limit + 1` rows to learn whether another
 * page exists. `prefix` qualifies the columns when the query joins (`'e.'`).
 * The cursor is a row-value bound, so a page costs the same at any depth
 * when the listing has an index on `(organization_id, [its filter,]
 * created_at, id)` (docs/operating.md, "Growth").
 *
 * @throws BadRequestException when the cursor is malformed or forged.
 */
export async function keysetPage<Row extends CursorKey, View>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, Row>,
  page: PageQueryDto,
  toView: (row: Row) => View,
  prefix = '',
): Promise<Page<View>> {
  const limit = page.limit ?? DEFAULT_PAGE_LIMIT;
  const createdAt = `${prefix}created_at`;
  const id = `${prefix}id`;
  let paged = query;
  if (page.cursor !== undefined) {
    const after = decodeCursor(page.cursor);
    paged = paged.where(keysetBefore(createdAt, id, { time: after.created_at, id: after.id }));
  }
  const rows = await paged
    .orderBy(createdAt, 'desc')
    .orderBy(id, 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  const last = data[data.length - 1];
  return { data: data.map(toView), meta: { next_cursor: more && last ? encodeCursor(last) : null, limit } };
}
