import { NotFoundException } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { monotonicNow } from '@kobana/host-kit';
import { BillingMessages } from '../billing.messages';
import type { BillingDatabase } from '../database/billing-database.interface';
import type { InvoicesTable } from './invoice.table';

/**
 * The caller's organization's invoice (cancelled ones included: they are
 * records, not deletions). @throws NotFoundException (404) `Invoice not found`.
 */
export async function findInvoice(db: Kysely<BillingDatabase>, organizationId: string, id: string): Promise<InvoicesTable> {
  const row = await db.selectFrom('invoices').selectAll().where('organization_id', '=', organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundException(BillingMessages.notFound('Invoice'));
  return row;
}

/** What a new invoice needs; the number, status and timestamps are assigned here. */
export type NewInvoice = Pick<InvoicesTable, 'organization_id' | 'customer_id' | 'description' | 'total' | 'due_date'> &
  Partial<Pick<InvoicesTable, 'external_id' | 'subscription_id'>>;

/**
 * Inserts an open invoice with the organization's next number. Run it in the
 * write's transaction: writers are serialized there, and the unique
 * (organization, number) refuses a duplicate should they not be.
 */
export async function insertInvoice(trx: Kysely<BillingDatabase>, invoice: NewInvoice): Promise<InvoicesTable> {
  const last = await trx
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('number').as('number'))
    .where('organization_id', '=', invoice.organization_id)
    .executeTakeFirst();
  const now = monotonicNow().toISOString();
  const row: InvoicesTable = {
    id: randomUUID(),
    number: Number(last?.number ?? 0) + 1,
    external_id: null,
    subscription_id: null,
    ...invoice,
    status: 'open',
    created_at: now,
    updated_at: now,
    paid_at: null,
    cancelled_at: null,
  };
  await trx.insertInto('invoices').values(row).execute();
  return row;
}
