/** The demo in production on Billing (the cases in test/support/demo-production.cases.ts). */
import type { Kysely } from 'kysely';
import { openBillingDatabase } from '../../apps/billing/database/billing-database.factory';
import { DemoTables, describeDemoInProduction } from '../support/demo-production.cases';

jest.setTimeout(180_000);

describeDemoInProduction({
  name: 'Billing',
  npmScript: 'start:billing',
  keys: { BILLING_SIGNING_SECRET: 's'.repeat(44) },
  demoVariable: 'BILLING_DEMO',
  tokenPrefix: 'kbill_',
  openDatabase: async (url) => {
    const opened = await openBillingDatabase(url);
    return { db: opened.db as unknown as Kysely<DemoTables>, destroy: () => opened.db.destroy() };
  },
});
