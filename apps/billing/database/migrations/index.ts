import { DatabaseMigrations } from '@kobana/database';
import { createBillingIdentity } from './0001_create_billing_identity';
import { createCustomers } from './0101_create_customers';
import { createSubscriptions } from './0102_create_subscriptions';
import { createInvoices } from './0103_create_invoices';
import { createNfes } from './0104_create_nfes';
import { addUserPasswords } from './0105_add_user_passwords';
import { addIdentityIndexes } from './0301_add_identity_indexes';

/**
 * Billing's own migrations by name; the platform adds the libraries' ones
 * (`PLATFORM_MIGRATIONS`), under the names Billing first ran them under.
 * Kysely applies them all in name order; a released name never changes.
 */
export const BILLING_MIGRATIONS: DatabaseMigrations = {
  '0001_create_billing_identity': createBillingIdentity,
  '0101_create_customers': createCustomers,
  '0102_create_subscriptions': createSubscriptions,
  '0103_create_invoices': createInvoices,
  '0104_create_nfes': createNfes,
  '0105_add_user_passwords': addUserPasswords,
  // After 0300, not beside 0105: Kysely refuses a new migration that sorts before one a database already ran.
  '0301_add_identity_indexes': addIdentityIndexes,
};
