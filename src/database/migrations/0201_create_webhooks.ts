import { Kysely, Migration } from 'kysely';

/**
 * Webhook endpoints, deliveries and delivery attempts.
 *
 * A delivery is one event for one endpoint (one `Kadu-Delivery-Id`, kept
 * across retries so a receiver can deduplicate); each HTTP try is an attempt
 * row, so the history of a flaky receiver stays readable. `enabled` is an
 * integer (0/1) because SQLite has no boolean and PostgreSQL reads it alike.
 */
export const createWebhooks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('secret_ciphertext', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_endpoints_organization_created_idx')
      .on('webhook_endpoints')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
      .addColumn('event_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempt_count', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('replay_of', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_organization_created_idx')
      .on('webhook_deliveries')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();
    // The delivery loop asks "which pending deliveries are due?" every poll.
    await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();

    await db.schema
      .createTable('webhook_delivery_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_delivery_attempts_delivery_idx').on('webhook_delivery_attempts').column('delivery_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('webhook_delivery_attempts').execute();
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhook_endpoints').execute();
  },
};
