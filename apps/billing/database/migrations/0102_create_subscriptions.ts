import { Kysely, Migration } from 'kysely';

/** Subscriptions: a plan price in cents per monthly period, and the credit left by downgrades. */
export const createSubscriptions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('current_period_start', 'text', (c) => c.notNull())
      .addColumn('current_period_end', 'text', (c) => c.notNull())
      .addColumn('credit_cents', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('cancelled_at', 'text')
      .execute();
    await db.schema.createIndex('subscriptions_org_created_idx').on('subscriptions').columns(['organization_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('subscriptions').execute();
  },
};
