/**
 * Billing's `/connected-apps` over plain HTTP (the cases in
 * test/support/connected-apps.cases.ts).
 */
import type { Kysely } from 'kysely';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { describeConnectedAppsPage } from '../support/connected-apps.cases';
import { BILLING_TEST_PUBLIC_URL, startBilling } from './billing-app';
import { HOST_DATABASE as BILLING_DATABASE } from '@kobana/platform';

jest.setTimeout(60_000);

describeConnectedAppsPage('Kobana Billing: connected apps page', async () => {
  const billing = await startBilling();
  return {
    baseUrl: billing.baseUrl,
    // The server's resource is its PUBLIC_URL's /mcp, whatever port the test listens on.
    resource: `${BILLING_TEST_PUBLIC_URL}/mcp`,
    scope: 'billing:read billing:write',
    db: billing.app.get<Kysely<ConnectedAppsDatabase>>(BILLING_DATABASE),
    person: async (organization, email, password) => {
      const user = await billing.identity.ensureUser(await billing.identity.ensureOrganization(organization), 'financial', { email });
      await billing.identity.setPassword(user.id, password);
      return user.id;
    },
    close: () => billing.close(),
  };
});
