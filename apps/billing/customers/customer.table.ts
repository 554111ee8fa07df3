/** `customers` as Kysely sees it. `document` is a CPF (11 digits) or CNPJ (14 digits), digits only. */
export interface CustomersTable {
  id: string;
  organization_id: string;
  name: string;
  document: string;
  email: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
