import { Kysely } from 'kysely';
import { openTestDatabase } from '../../../test/support/test-database';
import { KaduDatabase } from '../kadu-database.interface';
import { createUsageMonths } from './0901_create_usage_months';

describe('0901_create_usage_months', () => {
  let db: Kysely<KaduDatabase>;
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(() => db.destroy());

  it('fills the counter from the executions already recorded, by organization and month of creation', async () => {
    // The migrated database as it was before 0901: drop the table, add executions, run the migration's up again.
    await db.schema.dropTable('usage_months').execute();
    await db.insertInto('organizations').values({ id: 'org-a', slug: 'a', name: 'A', plan: 'free', created_at: '2026-01-01T00:00:00.000Z' }).execute();
    await db
      .insertInto('tasks')
      .values({
        id: 't',
        organization_id: 'org-a',
        name: 't',
        description: '',
        rules: '[]',
        run_roles: '[]',
        run_user_ids: '[]',
        created_at: 'x',
        updated_at: 'x',
      })
      .execute();
    const execution = (id: string, created_at: string, cost_cents: number) => ({
      id,
      organization_id: 'org-a',
      task_id: 't',
      status: 'succeeded' as const,
      input_file_ids: '[]',
      answers: '[]',
      cost_cents,
      created_by: 'x',
      created_at,
      updated_at: created_at,
    });
    await db
      .insertInto('executions')
      .values([execution('1', '2026-10-31T23:59:59.999Z', 5), execution('2', '2026-11-01T00:00:00.000Z', 3), execution('3', '2026-11-30T12:00:00.000Z', 4)])
      .execute();
    await createUsageMonths.up(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('usage_months').selectAll().orderBy('month').execute();
    expect(rows.map((row) => ({ ...row, executions: Number(row.executions), cost_cents: Number(row.cost_cents) }))).toEqual([
      { organization_id: 'org-a', month: '2026-10', executions: 1, cost_cents: 5 },
      { organization_id: 'org-a', month: '2026-11', executions: 2, cost_cents: 7 },
    ]);
  });
});
