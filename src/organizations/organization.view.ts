import { PlanLimits } from './plan.catalog';

/** Usage of the current billing period. */
export interface OrganizationUsageView {
  /** Calendar month, UTC, `YYYY-MM`. */
  period: string;
  executions: number;
  cost_cents: number;
}

/**
 * The caller's organization as `GET /api/v1/organization` and the tool
 * `kadu_organization_get` return it: snake_case, plan limits and usage inline.
 */
export interface OrganizationView {
  id: string;
  slug: string;
  name: string;
  plan: { name: string } & PlanLimits;
  usage: OrganizationUsageView;
}
