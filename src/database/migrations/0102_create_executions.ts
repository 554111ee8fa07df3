import { Kysely, Migration } from 'kysely';

/**
 * Executions of tasks and their queue. `status` moves
 * queued → running → succeeded | failed | waiting_input | cancelled; a worker
 * claims a row by updating it from `queued` (or from `running` once
 * `lease_expires_at` has passed, when its worker died). JSON columns are text.
 */
export const createExecutions: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('executions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('input_file_ids', 'text', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('pending_questions', 'text')
      .addColumn('result', 'text')
      .addColumn('output_file_id', 'text')
      .addColumn('error', 'text')
      .addColumn('cost_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('worker_id', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('executions_organization_created_idx').on('executions').columns(['organization_id', 'created_at', 'id']).execute();
    await db.schema.createIndex('executions_status_created_idx').on('executions').columns(['status', 'created_at']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('executions').execute();
  },
};
