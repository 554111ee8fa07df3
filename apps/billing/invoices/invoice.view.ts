import type { InvoicesTable, InvoiceStatus } from './invoice.table';

/** An invoice as the API and the tools return it. `total` is in cents. */
export interface InvoiceView {
  id: string;
  number: number;
  external_id: string | null;
  customer_id: string;
  subscription_id: string | null;
  description: string;
  total: number;
  currency: 'BRL';
  due_date: string;
  status: InvoiceStatus;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}

/** Every field a listing's `fields` may name. */
export const INVOICE_FIELDS = [
  'id',
  'number',
  'external_id',
  'customer_id',
  'subscription_id',
  'description',
  'total',
  'currency',
  'due_date',
  'status',
  'created_at',
  'updated_at',
  'paid_at',
  'cancelled_at',
] as const;

/** The row's public fields. */
export function toInvoiceView(row: InvoicesTable): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    external_id: row.external_id,
    customer_id: row.customer_id,
    subscription_id: row.subscription_id,
    description: row.description,
    total: row.total,
    currency: 'BRL',
    due_date: row.due_date,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
    paid_at: row.paid_at,
    cancelled_at: row.cancelled_at,
  };
}
