/**
 * A token's life seen from outside, on Kadu (the cases in
 * test/support/token-lifecycle.cases.ts).
 */
import { INestApplicationContext } from '@nestjs/common';
import { describeTokenLifecycle } from '../support/token-lifecycle.cases';
import { startKadu } from '../support/kadu-app';
import { Kysely } from 'kysely';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { seedConnectedApp } from '../support/connected-apps.seed';
import { CLI_EXIT, runHostCli } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';
import type { CliIo } from '@kobana/host-kit';

const runCli = (argv: string[], io?: CliIo, open?: () => Promise<INestApplicationContext>) => runHostCli(KADU, argv, io, open);

jest.setTimeout(60_000);

describeTokenLifecycle('Kadu: revoked and expired tokens', async () => {
  const kadu = await startKadu();
  return {
    token: (organization, options) => kadu.token(organization, 'owner', options),
    apiStatus: async (token) => (await fetch(`${kadu.baseUrl}/api/v1/organization`, { headers: { Authorization: `Bearer ${token}` } })).status,
    mcpStatus: async (token) =>
      (
        await fetch(kadu.mcpUrl, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        })
      ).status,
    // `npm run cli -- <argv>` against the running application's database.
    cli: (argv, io) =>
      runCli(
        argv,
        io,
        async () => ({ get: (token: unknown) => kadu.app.get(token as never), close: async () => undefined }) as unknown as INestApplicationContext,
      ),
    okExit: CLI_EXIT.ok,
    oauthToken: async (organization) => {
      const user = await kadu.identity.ensureUser(await kadu.identity.ensureOrganization(organization), 'owner');
      const app = await seedConnectedApp(kadu.db as unknown as Kysely<ConnectedAppsDatabase>, {
        accountId: user.id,
        clientName: 'Agent',
        resource: kadu.mcpUrl,
        scope: 'kadu:read kadu:write kadu:run',
      });
      return { grantId: app.grantId, accessToken: app.accessToken };
    },
    setExpiry: async (ids, expiresAt) => {
      await kadu.db.updateTable('access_tokens').set({ expires_at: expiresAt }).where('id', 'in', ids).execute();
    },
    close: () => kadu.close(),
  };
});
