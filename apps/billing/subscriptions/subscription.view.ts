import type { SubscriptionsTable, SubscriptionStatus } from './subscription.table';

/** A subscription as the API and the tools return it. */
export interface SubscriptionView {
  id: string;
  customer_id: string;
  plan: string;
  amount_cents: number;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  credit_cents: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
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
