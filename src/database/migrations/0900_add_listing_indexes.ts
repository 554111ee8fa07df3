import { Kysely } from 'kysely';
import { buildIndexConcurrently, createIndexIfAbsent, DatabaseMigration } from '@kobana/database';

/** Each index: its name, table and columns, the organization first and the listing's order last. */
const INDEXES = [
  // kadu_executions_list with status (or task_id): the filter's rows in keyset order, not the whole organization's filtered.
  { name: 'executions_organization_status_created_idx', table: 'executions', columns: ['organization_id', 'status', 'created_at', 'id'] },
  { name: 'executions_organization_task_created_idx', table: 'executions', columns: ['organization_id', 'task_id', 'created_at', 'id'] },
  // kadu_webhook_deliveries_list with endpoint_id.
  {
    name: 'webhook_deliveries_organization_endpoint_created_idx',
    table: 'webhook_deliveries',
    columns: ['organization_id', 'endpoint_id', 'created_at', 'id'],
  },
] as const;

/**
 * The indexes that keep a filtered listing's page the same cost however many
 * rows an organization has: a filtered page seeks its cursor in an index of
 * the filter's rows (a row-value bound, see `keysetPage`) instead of walking
 * the organization's rows and dropping the others. docs/operating.md
 * ("Growth") names the index of each listing. On PostgreSQL a database with
 * rows gets them built concurrently first, its writes free meanwhile.
 */
export const addListingIndexes: DatabaseMigration = {
  async prepareConcurrently(db: Kysely<unknown>): Promise<void> {
    for (const index of INDEXES) await buildIndexConcurrently(db, index);
  },

  async up(db: Kysely<unknown>): Promise<void> {
    for (const index of INDEXES) await createIndexIfAbsent(db, index);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  },
};
