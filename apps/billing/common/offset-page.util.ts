import { SelectQueryBuilder, sql } from 'kysely';
import { BILLING_DEFAULT_PER_PAGE, BillingPageQueryDto } from './billing-page-query.dto';

/** A page of a Billing listing: `{ data, meta: { total, page, per_page } }`. */
export interface BillingPage<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

/**
 * Runs one page of `query` (which carries its filters, organization first),
 * newest first by `(created_at, id)`, and counts every match for `meta.total`.
 * With `fields`, each item keeps only those fields, in the order named.
 */
export async function offsetPage<Row, View extends object>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, any>,
  page: BillingPageQueryDto & { fields?: string[] },
  toView: (row: Row) => View,
): Promise<BillingPage<Partial<View>>> {
  const number = page.page ?? 1;
  const perPage = page.per_page ?? BILLING_DEFAULT_PER_PAGE;
  const counted = await query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = (await query
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((number - 1) * perPage)
    .execute()) as Row[];
  const views = rows.map(toView);
  return {
    data: page.fields ? views.map((view) => pickFields(view, page.fields!)) : views,
    meta: { total: Number(counted.total), page: number, per_page: perPage },
  };
}

/** Only the named fields of `view`. */
export function pickFields<View extends object>(view: View, fields: readonly string[]): Partial<View> {
  return Object.fromEntries(fields.map((field) => [field, (view as Record<string, unknown>)[field]])) as Partial<View>;
}
