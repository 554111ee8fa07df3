import { NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { BillingMessages } from '../billing.messages';
import type { BillingDatabase } from '../database/billing-database.interface';
import type { SubscriptionsTable } from './subscription.table';

/** The caller's organization's subscription. @throws NotFoundException (404) `Subscription not found`. */
export async function findSubscription(db: Kysely<BillingDatabase>, organizationId: string, id: string): Promise<SubscriptionsTable> {
  const row = await db.selectFrom('subscriptions').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundException(BillingMessages.notFound('Subscription'));
  return row;
}
