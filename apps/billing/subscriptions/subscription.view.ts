import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Proration } from './proration.util';
import { SUBSCRIPTION_STATUSES, SubscriptionsTable, SubscriptionStatus } from './subscription.table';

/** A subscription as the API and the tools return it. */
export class SubscriptionView {
  @IsString()
  id!: string;

  @IsString()
  customer_id!: string;

  @IsString()
  plan!: string;

  @IsInt()
  amount_cents!: number;

  @IsIn(SUBSCRIPTION_STATUSES)
  status!: SubscriptionStatus;

  @IsString()
  @JSONSchema({ format: 'date' })
  current_period_start!: string;

  @IsString()
  @JSONSchema({ format: 'date' })
  current_period_end!: string;

  @IsInt()
  credit_cents!: number;

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  updated_at!: string;

  @IsISO8601()
  @JSONSchema({ nullable: true })
  cancelled_at!: string | null;
}

/** What `billing_subscriptions_change_plan` answers. */
export class PlanChangeView {
  @ValidateNested()
  @Type(() => SubscriptionView)
  subscription!: SubscriptionView;

  @ValidateNested()
  @Type(() => Proration)
  proration!: Proration;

  /** The open invoice charging an upgrade's proration; `null` when nothing is charged. */
  @IsString()
  @JSONSchema({ nullable: true })
  invoice_id!: string | null;
}

/** Every field a listing's `fields` may name. */
export const SUBSCRIPTION_FIELDS = [
  'id',
  'customer_id',
  'plan',
  'amount_cents',
  'status',
  'current_period_start',
  'current_period_end',
  'credit_cents',
  'created_at',
  'updated_at',
  'cancelled_at',
] as const;

/** The row's public fields. */
export function toSubscriptionView(row: SubscriptionsTable): SubscriptionView {
  const { organization_id: _organization, ...view } = row;
  return view;
}
