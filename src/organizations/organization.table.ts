import type { OrganizationsTable } from '@kobana/identity';

/** Kadu's `organizations`: the identity library's columns and the plan (a name from `PLANS`), set on creation. */
export interface KaduOrganizationsTable extends OrganizationsTable {
  plan: string;
}
