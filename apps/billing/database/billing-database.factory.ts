import { OpenedDatabase } from '@kobana/database';
import { openHostDatabase } from '@kobana/platform';
import { BillingDatabase } from './billing-database.interface';
import { BILLING_MIGRATIONS } from './migrations';

/** Opens a database with every migration of Billing, the libraries' included (see `openHostDatabase`); the caller must `destroy()` it. */
export function openBillingDatabase(databaseUrl: string): Promise<OpenedDatabase<BillingDatabase>> {
  return openHostDatabase<BillingDatabase>({ migrations: BILLING_MIGRATIONS }, databaseUrl);
}
