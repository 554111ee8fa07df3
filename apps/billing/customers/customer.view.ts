import { IsEmail, IsISO8601, IsString } from 'class-validator';
import type { CustomersTable } from './customer.table';

/** A customer as the API and the tools return it. */
export class CustomerView {
  @IsString()
  id!: string;

  @IsString()
  name!: string;

  /** CPF (11 digits) or CNPJ (14). */
  @IsString()
  document!: string;

  @IsEmail()
  email!: string;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  updated_at!: string;
}

/** What `billing_customers_delete` answers. */
export class DeletedCustomerView {
  @IsString()
  id!: string;

  @IsISO8601()
  deleted_at!: string;
}

/** Every field a listing's `fields` may name. */
export const CUSTOMER_FIELDS = ['id', 'name', 'document', 'email', 'created_at', 'updated_at'] as const;

/** The row's public fields. */
export function toCustomerView(row: CustomersTable): CustomerView {
  return { id: row.id, name: row.name, document: row.document, email: row.email, created_at: row.created_at, updated_at: row.updated_at };
}
