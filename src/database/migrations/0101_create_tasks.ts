import { Kysely, Migration } from 'kysely';

/**
 * Tasks: what the agent does with an execution's files. `rules`,
 * `run_roles` and `run_user_ids` are JSON arrays in text (portable, and
 * never queried inside). A deleted task keeps its row (`deleted_at`) so its
 * executions still name it.
 */
export const createTasks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('rules', 'text', (c) => c.notNull())
      .addColumn('run_roles', 'text', (c) => c.notNull())
      .addColumn('run_user_ids', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema.createIndex('tasks_organization_created_idx').on('tasks').columns(['organization_id', 'created_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('tasks').execute();
  },
};
