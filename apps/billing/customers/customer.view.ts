import type { CustomersTable } from './customer.table';

/** A customer as the API and the tools return it. */
export interface CustomerView {
  id: string;
  name: string;
  document: string;
  email: string;
  created_at: string;
  updated_at: string;
}

/** Every field a listing's `fields` may name. */
export const CUSTOMER_FIELDS = ['id', 'name', 'document', 'email', 'created_at', 'updated_at'] as const;

/** The row's public fields. */
export function toCustomerView(row: CustomersTable): CustomerView {
  return { id: row.id, name: row.name, document: row.document, email: row.email, created_at: row.created_at, updated_at: row.updated_at };
}
