/** What a plan allows, as shown in the organization's JSON. */
export interface PlanLimits {
  /** Executions an organization may start per calendar month (UTC). */
  monthly_execution_quota: number;
  /** Most a single execution may cost before it is stopped, in cents. */
  per_execution_cost_ceiling_cents: number;
}

/**
 * The plans Kadu sells. A constant rather than a table: limits change with a
 * release, and an organization stores only the plan's name.
 */
export const PLANS = {
  free: { monthly_execution_quota: 100, per_execution_cost_ceiling_cents: 50 },
  team: { monthly_execution_quota: 5_000, per_execution_cost_ceiling_cents: 500 },
  enterprise: { monthly_execution_quota: 100_000, per_execution_cost_ceiling_cents: 5_000 },
} as const satisfies Record<string, PlanLimits>;

/** One of the keys of {@link PLANS}. */
export type PlanName = keyof typeof PLANS;

/** The plan a new organization starts on. */
export const DEFAULT_PLAN: PlanName = 'free';

/** Whether `name` is a plan Kadu knows. */
export function isPlanName(name: string): name is PlanName {
  return Object.prototype.hasOwnProperty.call(PLANS, name);
}
