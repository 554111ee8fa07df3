/**
 * A token's life seen from outside, on Billing: a token revoked with the CLI
 * or past its expiry gets 401 on `/api/v1` and on `/mcp` at its next call; and
 * two personal tokens of one person are two clients, so an approval given to
 * one token's destructive call is not spent by the other's identical call.
 */
import { INestApplicationContext } from '@nestjs/common';
import { Kysely } from 'kysely';
import { DatabaseConfirmationStore } from '@kobana/approvals';
import { CliIo } from '@kobana/host-kit';
import { BILLING_CLI_EXIT, runBillingCli } from '../../apps/billing/cli/billing-cli.runner';
import { BILLING_DATABASE } from '../../apps/billing/database/billing-database.constants';
import { BillingDatabase } from '../../apps/billing/database/billing-database.interface';
import { BillingTestApp, Json, rest, rpc2025, startBilling } from './billing-app';

jest.setTimeout(60_000);

const silentIo: CliIo = { out: () => undefined, err: () => undefined };

describe('Billing: revoked and expired tokens, and one client per personal token', () => {
  let billing: BillingTestApp;
  beforeAll(async () => (billing = await startBilling()));
  afterAll(() => billing?.close());

  /** `npm run cli:billing -- <argv>` against the running application's database. */
  const cli = (...argv: string[]) =>
    runBillingCli(argv, silentIo, async () => ({ get: () => billing.identity, close: async () => undefined }) as unknown as INestApplicationContext);
  const idOf = (token: string) => token.split('_')[2];
  const mcpStatus = async (token: string) => (await rpc2025(billing, token, 'tools/list')).status;
  const apiStatus = async (token: string) => (await rest(billing, token, 'GET', '/customers')).status;

  it('a token revoked with `token revoke` gets 401 at its next call, on /api/v1 and on /mcp', async () => {
    const api = await billing.token('revoking', 'owner', { audience: 'api' });
    const mcp = await billing.token('revoking', 'owner');
    expect(await apiStatus(api)).toBe(200);
    expect(await mcpStatus(mcp)).toBe(200);

    expect(await cli('token', 'revoke', '--id', idOf(api), '--organization', 'revoking')).toBe(BILLING_CLI_EXIT.ok);
    expect(await cli('token', 'revoke', '--id', idOf(mcp))).toBe(BILLING_CLI_EXIT.ok);
    expect(await apiStatus(api)).toBe(401);
    expect(await mcpStatus(mcp)).toBe(401);
  });

  it('a token past its expiry gets 401 on /api/v1 and on /mcp', async () => {
    const api = await billing.token('expiring', 'owner', { audience: 'api', expiresInDays: 1 });
    const mcp = await billing.token('expiring', 'owner', { expiresInDays: 1 });
    expect(await apiStatus(api)).toBe(200);
    expect(await mcpStatus(mcp)).toBe(200);

    const db = billing.app.get<Kysely<BillingDatabase>>(BILLING_DATABASE);
    const past = new Date(Date.now() - 1000).toISOString();
    await db
      .updateTable('access_tokens')
      .set({ expires_at: past })
      .where('id', 'in', [idOf(api), idOf(mcp)])
      .execute();
    expect(await apiStatus(api)).toBe(401);
    expect(await mcpStatus(mcp)).toBe(401);
  });

  it("an approval given to token A's call is not consumed by token B's identical call (same person)", async () => {
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
    expect(approval.client_id).toBe(`pat_${idOf(tokenA)}`);
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
});
