/**
 * Keys in production on Billing (the cases in
 * test/support/production-keys.cases.ts): its one key is the signing secret.
 */
import { Kysely } from 'kysely';
import { BillingDatabase } from '../../apps/billing/database/billing-database.interface';
import { describeProductionKeys } from '../support/production-keys.cases';
import { rest, startBilling } from './billing-app';
import { HOST_DATABASE as BILLING_DATABASE, createHostApp } from '@kobana/platform';
import { BILLING } from '../../apps/billing/billing.host';
import type { NestApplicationOptions } from '@nestjs/common';

const createBillingApp = (options?: NestApplicationOptions) => createHostApp(BILLING, options);

jest.setTimeout(90_000);

describeProductionKeys({
  name: 'Billing',
  product: 'Kobana Billing',
  keys: { BILLING_SIGNING_SECRET: 's'.repeat(44) },
  demoVariable: 'BILLING_DEMO',
  refusal:
    'Refusing to start with NODE_ENV=production: BILLING_SIGNING_SECRET is not set, and a key generated into the database it protects is refused. ' +
    'Set it in the environment, at least 32 random characters',
  npmScript: 'start:billing',
  tokenPrefix: 'kbill_mcp_',
  createApp: () => createBillingApp({ logger: false }),
  storedSecrets: (app) => app.get<Kysely<BillingDatabase>>(BILLING_DATABASE).selectFrom('secrets').selectAll().execute(),
  startWith: async (env) => {
    const billing = await startBilling(env);
    const token = await billing.token('prod', 'viewer', { audience: 'api' });
    return {
      apiStatus: async () => (await rest(billing, token, 'GET', '/customers')).status,
      storedSecrets: () => billing.app.get<Kysely<BillingDatabase>>(BILLING_DATABASE).selectFrom('secrets').selectAll().execute(),
      close: () => billing.close(),
    };
  },
});
