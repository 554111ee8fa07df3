import { openDatabase, OpenedDatabase } from '@kobana/database';
import { BillingDatabase } from './billing-database.interface';
import { BILLING_MIGRATIONS } from './migrations';

/**
 * Opens Billing's database (SQLite or PostgreSQL, see `openDatabase`) and
 * brings it up to date with Billing's migrations. The caller owns it and
 * must `destroy()` it.
 */
export function openBillingDatabase(databaseUrl: string): Promise<OpenedDatabase<BillingDatabase>> {
  return openDatabase<BillingDatabase>(databaseUrl, BILLING_MIGRATIONS);
}
