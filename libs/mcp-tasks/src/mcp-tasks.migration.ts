import { Kysely, Migration } from 'kysely';

/**
 * Tasks of the MCP tasks extension: one row per task, read by any replica
 * (create on one, read and cancel on another). Runs after the host's
 * `organizations` exist; a deleted organization takes its tasks along.
 */
export const createMcpTasks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('mcp_tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('tool', 'text', (c) => c.notNull())
      .addColumn('handle', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('status_message', 'text')
      .addColumn('outcome', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    // The pruner's delete reads the expired rows only.
    await db.schema.createIndex('mcp_tasks_expires_idx').on('mcp_tasks').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('mcp_tasks').execute();
  },
};
