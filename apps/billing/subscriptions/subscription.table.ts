/** `active` until cancelled; a cancelled subscription never changes again. */
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled'] as const;
/** One of {@link SUBSCRIPTION_STATUSES}. */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** `subscriptions` as Kysely sees it. Money in cents; periods are `[start, end)` dates. */
export interface SubscriptionsTable {
  id: string;
  organization_id: string;
  customer_id: string;
  plan: string;
  amount_cents: number;
  status: SubscriptionStatus;
  current_period_start: string;
  current_period_end: string;
  /** Credit left by downgrades, to be used by later invoices. */
  credit_cents: number;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
}
