/** Where an invoice is in its life: `open` → `paid`, or `open` → `cancelled`; never back. */
export const INVOICE_STATUSES = ['open', 'paid', 'cancelled'] as const;
/** One of {@link INVOICE_STATUSES}. */
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** `invoices` as Kysely sees it. `total` is in cents (BRL); `due_date` is `YYYY-MM-DD`. */
export interface InvoicesTable {
  id: string;
  organization_id: string;
  number: number;
  external_id: string | null;
  customer_id: string;
  subscription_id: string | null;
  description: string;
  total: number;
  due_date: string;
  status: InvoiceStatus;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}
