import { Kysely, sql } from 'kysely';
import type { KaduDatabase } from '../database/kadu-database.interface';
import type { OrganizationUsageView } from './organization.view';
import { DEFAULT_PLAN, isPlanName, PlanLimits, PlanName, PLANS } from './plan-catalog.constants';

/** The `usage_months` key of an instant: its UTC month, `YYYY-MM` (the first seven characters of its ISO text). */
export function usageMonth(at: Date | string): string {
  return (typeof at === 'string' ? at : at.toISOString()).slice(0, 7);
}

/**
 * Executions started and cents spent in the UTC month of `at`. Every
 * execution counts towards the quota, whatever became of it. One row of
 * `usage_months`, however many executions the month holds.
 *
 * @param db the root instance or the transaction the caller is in.
 */
export async function monthlyUsage(db: Kysely<KaduDatabase>, organizationId: string, at: Date): Promise<OrganizationUsageView> {
  const period = usageMonth(at);
  const row = await db
    .selectFrom('usage_months')
    .select(['executions', 'cost_cents'])
    .where('organization_id', '=', organizationId)
    .where('month', '=', period)
    .executeTakeFirst();
  return { period, executions: Number(row?.executions ?? 0), cost_cents: Number(row?.cost_cents ?? 0) };
}

/**
 * Adds to the usage of the month an execution was created in (`createdAt`):
 * `executions` for a run, `costCents` for an outcome's cost. One atomic
 * upsert, in the caller's transaction, so concurrent runs on any replica
 * all count and a rolled-back run counts nothing.
 */
export async function addUsage(
  db: Kysely<KaduDatabase>,
  organizationId: string,
  createdAt: string,
  change: { executions?: number; costCents?: number },
): Promise<void> {
  const executions = change.executions ?? 0;
  const costCents = change.costCents ?? 0;
  if (executions === 0 && costCents === 0) return;
  await db
    .insertInto('usage_months')
    .values({ organization_id: organizationId, month: usageMonth(createdAt), executions, cost_cents: costCents })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'month']).doUpdateSet({
        executions: sql<number>`usage_months.executions + ${executions}`,
        cost_cents: sql<number>`usage_months.cost_cents + ${costCents}`,
      }),
    )
    .execute();
}

/** The plan's name and limits; an unknown or missing plan falls back to the default limits. */
export async function planOf(db: Kysely<KaduDatabase>, organizationId: string): Promise<{ name: PlanName } & PlanLimits> {
  const row = await db.selectFrom('organizations').select('plan').where('id', '=', organizationId).executeTakeFirst();
  const name = row && isPlanName(row.plan) ? row.plan : DEFAULT_PLAN;
  return { name, ...PLANS[name] };
}
