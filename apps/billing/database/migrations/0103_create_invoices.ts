import { Kysely, Migration } from 'kysely';

/**
 * Invoices. `number` is sequential per organization; `external_id` (the
 * caller's own reference) is what an upsert matches on, unique per organization.
 */
export const createInvoices: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('invoices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('external_id', 'text')
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id'))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'text')
      .addColumn('cancelled_at', 'text')
      .addUniqueConstraint('invoices_org_number_uq', ['organization_id', 'number'])
      .addUniqueConstraint('invoices_org_external_uq', ['organization_id', 'external_id'])
      .execute();
    await db.schema.createIndex('invoices_org_created_idx').on('invoices').columns(['organization_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('invoices').execute();
  },
};
