/** Injection token of Billing's `Kysely<BillingDatabase>`. */
export const BILLING_DATABASE = Symbol('BillingDatabase');
