import { maskDocument } from '../customers/customer-document.view';
import { Kysely } from 'kysely';
import { BillingConfirmationMessages } from '../billing-confirmation.messages';
import type { BillingDatabase } from '../database/billing-database.interface';
import type { InvoicesTable } from '../invoices/invoice.table';

/**
 * A customer of the caller's organization in words, deleted or not (an
 * invoice keeps naming its customer); its id when the row is gone.
 */
export async function customerWords(db: Kysely<BillingDatabase>, organizationId: string, customerId: string): Promise<string> {
  const row = await db
    .selectFrom('customers')
    .select(['name', 'document'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row ? BillingConfirmationMessages.customer(row.name, maskDocument(row.document)) : customerId;
}

/** An invoice in words: its number, customer, total and due date. */
export async function invoiceWords(db: Kysely<BillingDatabase>, invoice: InvoicesTable): Promise<string> {
  const customer = await customerWords(db, invoice.organization_id, invoice.customer_id);
  return BillingConfirmationMessages.invoice(invoice.number, customer, BillingConfirmationMessages.money(invoice.total), invoice.due_date);
}
