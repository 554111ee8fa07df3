import type { PlatformDatabase } from '@kobana/platform';
import type { CustomersTable } from '../customers/customer.table';
import type { InvoicesTable } from '../invoices/invoice.table';
import type { NfesTable } from '../nfes/nfe.table';
import type { SubscriptionsTable } from '../subscriptions/subscription.table';

/** Every table of Billing's database, keyed by name: the libraries' and Billing's. Features declare their own table types. */
export interface BillingDatabase extends PlatformDatabase {
  customers: CustomersTable;
  subscriptions: SubscriptionsTable;
  invoices: InvoicesTable;
  nfes: NfesTable;
}
