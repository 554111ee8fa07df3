import { NotFoundException } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import type { BillingDatabase } from '../database/billing-database.interface';
import type { CustomersTable } from './customer.table';
import { BillingMessages } from '../billing.messages';

/**
 * The caller's organization's live customer. Another organization's, a
 * deleted one and an unknown id all answer the same 404.
 *
 * @throws NotFoundException (404) `Customer not found`.
 */
export async function findActiveCustomer(db: Kysely<BillingDatabase>, organizationId: string, id: string): Promise<Selectable<CustomersTable>> {
  const row = await db
    .selectFrom('customers')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFoundException(BillingMessages.notFound('Customer'));
  return row;
}
