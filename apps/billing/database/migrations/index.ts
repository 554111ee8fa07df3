import { Migration } from 'kysely';
import { createIdempotencyKeys } from '../../../../src/database/migrations/0100_create_idempotency_keys';
import { createBillingIdentity } from './0001_create_billing_identity';
import { createCustomers } from './0101_create_customers';
import { createSubscriptions } from './0102_create_subscriptions';
import { createInvoices } from './0103_create_invoices';
import { createNfes } from './0104_create_nfes';

/** Billing's migrations by name, applied in name order; a released name never changes. */
export const BILLING_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_create_billing_identity': createBillingIdentity,
  // Kadu's own table and migration: the idempotency service is shared, so is its table.
  '0100_create_idempotency_keys': createIdempotencyKeys,
  '0101_create_customers': createCustomers,
  '0102_create_subscriptions': createSubscriptions,
  '0103_create_invoices': createInvoices,
  '0104_create_nfes': createNfes,
};
