/**
 * Kadu's `/connected-apps` over plain HTTP (the cases in
 * test/support/connected-apps.cases.ts).
 */
import type { Kysely } from 'kysely';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { describeConnectedAppsPage } from '../support/connected-apps.cases';
import { startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

describeConnectedAppsPage('Kadu: connected apps page', async () => {
  const kadu = await startKadu();
  return {
    baseUrl: kadu.baseUrl,
    resource: kadu.mcpUrl,
    scope: 'kadu:read kadu:write kadu:run',
    db: kadu.db as unknown as Kysely<ConnectedAppsDatabase>,
    person: async (organization, email, password) => {
      const user = await kadu.identity.ensureUser(await kadu.identity.ensureOrganization(organization), 'operator', { email });
      await kadu.identity.setPassword(user.id, password);
      return user.id;
    },
    close: () => kadu.close(),
  };
});
