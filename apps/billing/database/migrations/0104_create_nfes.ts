import { Kysely, Migration } from 'kysely';

/** NF-e (service invoices) issued for invoices; at most one live NF-e per invoice is enforced by the service. */
export const createNfes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('nfes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('invoice_id', 'text', (c) => c.notNull().references('invoices.id'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('series', 'text', (c) => c.notNull())
      .addColumn('access_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cancel_reason', 'text')
      .addColumn('issued_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', 'text')
      .addUniqueConstraint('nfes_org_number_uq', ['organization_id', 'number'])
      .execute();
    await db.schema.createIndex('nfes_org_created_idx').on('nfes').columns(['organization_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('nfes').execute();
  },
};
