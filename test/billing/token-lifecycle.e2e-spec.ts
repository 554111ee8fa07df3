/**
 * A token's life seen from outside, on Billing (the cases in
 * test/support/token-lifecycle.cases.ts); and two personal tokens of one
 * person are two clients, so an approval given to one token's destructive
 * call is not spent by the other's identical call.
 */
import { INestApplicationContext } from '@nestjs/common';
import { Kysely } from 'kysely';
import { DatabaseConfirmationStore } from '@kobana/approvals';
import { BillingDatabase } from '../../apps/billing/database/billing-database.interface';
import { describeTokenLifecycle, tokenIdOf } from '../support/token-lifecycle.cases';
import { BILLING_TEST_PUBLIC_URL, Json, rest, rpc2025, startBilling } from './billing-app';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { seedConnectedApp } from '../support/connected-apps.seed';
import { HOST_DATABASE as BILLING_DATABASE, CLI_EXIT as BILLING_CLI_EXIT, runHostCli } from '@kobana/platform';
import { BILLING } from '../../apps/billing/billing.host';
import type { CliIo } from '@kobana/host-kit';

const runBillingCli = (argv: string[], io?: CliIo, open?: () => Promise<INestApplicationContext>) => runHostCli(BILLING, argv, io, open);

jest.setTimeout(60_000);

describeTokenLifecycle(
  'Billing: revoked and expired tokens, and one client per personal token',
  async () => {
    const billing = await startBilling();
    const db = billing.app.get<Kysely<BillingDatabase>>(BILLING_DATABASE);
    return {
      billing,
      token: (organization, options) => billing.token(organization, 'owner', options),
      apiStatus: async (token) => (await rest(billing, token, 'GET', '/customers')).status,
      mcpStatus: async (token) => (await rpc2025(billing, token, 'tools/list')).status,
      // `npm run cli:billing -- <argv>` against the running application's database.
      cli: (argv, io) =>
        runBillingCli(
          argv,
          io,
          async () => ({ get: (token: unknown) => billing.app.get(token as never), close: async () => undefined }) as unknown as INestApplicationContext,
        ),
      okExit: BILLING_CLI_EXIT.ok,
      oauthToken: async (organization) => {
        const user = await billing.identity.ensureUser(await billing.identity.ensureOrganization(organization), 'owner');
        const app = await seedConnectedApp(db as unknown as Kysely<ConnectedAppsDatabase>, {
          accountId: user.id,
          clientName: 'Agent',
          // The server's resource is its PUBLIC_URL's /mcp, whatever port the test listens on.
          resource: `${BILLING_TEST_PUBLIC_URL}/mcp`,
          scope: 'billing:read billing:write',
        });
        return { grantId: app.grantId, accessToken: app.accessToken };
      },
      setExpiry: async (ids, expiresAt) => {
        await db.updateTable('access_tokens').set({ expires_at: expiresAt }).where('id', 'in', ids).execute();
      },
      close: () => billing.close(),
    };
  },
  (host) => {
    it("an approval given to token A's call is not consumed by token B's identical call (same person)", async () => {
      const { billing } = host();
      const api = await billing.token('approvals', 'owner', { audience: 'api' });
      const [tokenA, tokenB] = [await billing.token('approvals', 'owner'), await billing.token('approvals', 'owner')];
      const created = await rest(billing, api, 'POST', '/customers', { name: 'Padaria', document: '12345678000195', email: 'contas@padaria.test' }, 'c-pat');
      expect(created.status).toBe(201);
      const remove = async (token: string) =>
        (await rpc2025(billing, token, 'tools/call', { name: 'billing_customers_delete', arguments: { id: created.body.id } })).body.result
          .structuredContent as Json;

      const asked = await remove(tokenA);
      expect(asked.status).toBe('approval_required');
      const store = billing.app.get(DatabaseConfirmationStore);
      const approval = (await store.findApproval(asked.approval_id))!;
      expect(approval.client_id).toBe(`pat_${tokenIdOf(tokenA)}`);
      expect(await store.decideApproval(asked.approval_id, 'approved', approval.subject, new Date())).toBeTruthy();

      // Same person, same tool, same arguments, another token: a new approval, and nothing deleted.
      const other = await remove(tokenB);
      expect(other).toMatchObject({ status: 'approval_required' });
      expect(other.approval_id).not.toBe(asked.approval_id);
      expect((await rest(billing, api, 'GET', `/customers/${created.body.id}`)).status).toBe(200);

      // The approval is still there for the token it was given to.
      expect(await remove(tokenA)).not.toHaveProperty('status', 'approval_required');
      expect((await rest(billing, api, 'GET', `/customers/${created.body.id}`)).status).toBe(404);
    });
  },
);
