import { IsIn, IsInt, IsISO8601, IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { INVOICE_STATUSES, InvoicesTable, InvoiceStatus } from './invoice.table';

/** An invoice as the API and the tools return it. `total` is in cents. */
export class InvoiceView {
  @IsString()
  id!: string;

  @IsInt()
  number!: number;

  @IsString()
  @JSONSchema({ nullable: true })
  external_id!: string | null;

  @IsString()
  customer_id!: string;

  @IsString()
  @JSONSchema({ nullable: true })
  subscription_id!: string | null;

  @IsString()
  description!: string;

  /** In cents. */
  @IsInt()
  total!: number;

  @IsIn(['BRL'])
  currency!: 'BRL';

  @IsString()
  @JSONSchema({ format: 'date' })
  due_date!: string;

  @IsIn(INVOICE_STATUSES)
  status!: InvoiceStatus;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  updated_at!: string;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  paid_at!: string | null;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  cancelled_at!: string | null;
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
