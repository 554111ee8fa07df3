import { Migration } from 'kysely';
import { createIdempotencyKeys } from '@kobana/idempotency';
import { createSecrets } from '@kobana/host-kit';
import { createApprovals } from '../../../../src/database/migrations/0300_create_approvals';
import { createBillingIdentity } from './0001_create_billing_identity';
import { createCustomers } from './0101_create_customers';
import { createSubscriptions } from './0102_create_subscriptions';
import { createInvoices } from './0103_create_invoices';
import { createNfes } from './0104_create_nfes';
import { addUserPasswords } from './0105_add_user_passwords';

/** Billing's migrations by name, applied in name order; a released name never changes. */
export const BILLING_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_create_billing_identity': createBillingIdentity,
  // Kadu's table and migration: the signing secret is generated once and shared by every replica.
  '0002_create_secrets': createSecrets,
  // Kadu's own table and migration: the idempotency service is shared, so is its table.
  '0100_create_idempotency_keys': createIdempotencyKeys,
  '0101_create_customers': createCustomers,
  '0102_create_subscriptions': createSubscriptions,
  '0103_create_invoices': createInvoices,
  '0104_create_nfes': createNfes,
  '0105_add_user_passwords': addUserPasswords,
  // Kadu's approval tables and migration: the approval flow in src/approvals serves both hosts.
  '0300_create_approvals': createApprovals,
};
