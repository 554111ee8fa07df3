import { Kysely, Migration, sql } from 'kysely';

/**
 * The month's usage as a counter (`usage_months`, see usage-month.table.ts):
 * `kadu_organization_get` and the quota check of `kadu_tasks_run` read one
 * row instead of summing the month's executions. Filled from the executions
 * already recorded, by the month each was created in.
 */
export const createUsageMonths: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('usage_months')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('executions', 'integer', (c) => c.notNull())
      .addColumn('cost_cents', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_months_pk', ['organization_id', 'month'])
      .execute();
    await sql`
      insert into usage_months (organization_id, month, executions, cost_cents)
      select organization_id, substr(created_at, 1, 7), count(*), coalesce(sum(cost_cents), 0)
      from executions
      group by organization_id, substr(created_at, 1, 7)
    `.execute(db);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('usage_months').execute();
  },
};
