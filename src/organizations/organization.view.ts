import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, ValidateNested } from 'class-validator';
import { PlanLimits } from './plan-catalog.constants';

/** Usage of the current billing period. */
export class OrganizationUsageView {
  /** Calendar month, UTC, `YYYY-MM`. */
  @Matches(/^\d{4}-\d{2}$/)
  period!: string;

  @IsInt()
  executions!: number;

  @IsInt()
  cost_cents!: number;
}

/** The organization's plan: its name and what it allows. */
export class OrganizationPlanView implements PlanLimits {
  @IsString()
  name!: string;

  /** Executions an organization may start per calendar month (UTC). */
  @IsInt()
  monthly_execution_quota!: number;

  /** Most a single execution may cost before it is stopped, in cents. */
  @IsInt()
  per_execution_cost_ceiling_cents!: number;
}

/**
 * The caller's organization as `GET /api/v1/organization` and the tool
 * `kadu_organization_get` return it: snake_case, plan limits and usage inline.
 */
export class OrganizationView {
  @IsString()
  id!: string;

  @IsString()
  slug!: string;

  @IsString()
  name!: string;

  @ValidateNested()
  @Type(() => OrganizationPlanView)
  plan!: OrganizationPlanView;

  @ValidateNested()
  @Type(() => OrganizationUsageView)
  usage!: OrganizationUsageView;
}
