import { Kysely } from 'kysely';
import type { KaduDatabase } from '../database/kadu-database.interface';
import type { OrganizationUsageView } from './organization.view';
import { DEFAULT_PLAN, isPlanName, PlanLimits, PlanName, PLANS } from './plan-catalog.constants';

/** First instant of the UTC calendar month of `at`, ISO-8601. */
export function monthStart(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString();
}

/**
 * Executions started and cents spent in the UTC month of `at`. Every
 * execution counts towards the quota, whatever became of it.
 *
 * @param db the root instance or the transaction the caller is in.
 */
export async function monthlyUsage(db: Kysely<KaduDatabase>, organizationId: string, at: Date): Promise<OrganizationUsageView> {
  const row = await db
    .selectFrom('executions')
    .select((eb) => [eb.fn.countAll<number | string>().as('executions'), eb.fn.sum<number | string | null>('cost_cents').as('cost_cents')])
    .where('organization_id', '=', organizationId)
    .where('created_at', '>=', monthStart(at))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers bigint aggregates as strings.
  return { period: at.toISOString().slice(0, 7), executions: Number(row.executions), cost_cents: Number(row.cost_cents ?? 0) };
}

/** The plan's name and limits; an unknown or missing plan falls back to the default limits. */
export async function planOf(db: Kysely<KaduDatabase>, organizationId: string): Promise<{ name: PlanName } & PlanLimits> {
  const row = await db.selectFrom('organizations').select('plan').where('id', '=', organizationId).executeTakeFirst();
  const name = row && isPlanName(row.plan) ? row.plan : DEFAULT_PLAN;
  return { name, ...PLANS[name] };
}
