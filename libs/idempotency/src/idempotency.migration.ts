import { Kysely, Migration } from 'kysely';

/**
 * Idempotency keys of writes (docs/protocol.md §5). The primary key on
 * (organization_id, key) is what makes a concurrent duplicate fail instead of
 * running twice; `created_at` lets old keys be treated as gone after 24 h.
 * Runs after the host's `organizations` table exists (keys are per organization).
 */
export const createIdempotencyKeys: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('request_digest', 'text', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['organization_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_at_idx').on('idempotency_keys').column('created_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('idempotency_keys').execute();
  },
};
