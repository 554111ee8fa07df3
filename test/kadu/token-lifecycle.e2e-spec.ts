/**
 * A token's life seen from outside, on Kadu: a token revoked with the CLI or
 * past its expiry gets 401 on `/api/v1` and on `/mcp` at its next call.
 */
import { INestApplicationContext } from '@nestjs/common';
import { CliIo } from '@kobana/host-kit';
import { CLI_EXIT, runCli } from '../../src/cli/cli.runner';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

const silentIo: CliIo = { out: () => undefined, err: () => undefined };

describe('Kadu: revoked and expired tokens', () => {
  let kadu: KaduTestApp;
  beforeAll(async () => (kadu = await startKadu()));
  afterAll(() => kadu?.close());

  /** `npm run cli -- <argv>` against the running application's database. */
  const cli = (...argv: string[]) =>
    runCli(argv, silentIo, async () => ({ get: () => kadu.identity, close: async () => undefined }) as unknown as INestApplicationContext);
  const idOf = (token: string) => token.split('_')[2];
  const apiStatus = async (token: string) => (await fetch(`${kadu.baseUrl}/api/v1/organization`, { headers: { Authorization: `Bearer ${token}` } })).status;
  const mcpStatus = async (token: string) =>
    (
      await fetch(kadu.mcpUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;

  it('a token revoked with `token revoke` gets 401 at its next call, on /api/v1 and on /mcp', async () => {
    const api = await kadu.token('revoking', 'owner', { audience: 'api' });
    const mcp = await kadu.token('revoking', 'owner');
    expect(await apiStatus(api)).toBe(200);
    expect(await mcpStatus(mcp)).toBe(200);

    expect(await cli('token', 'revoke', '--id', idOf(api), '--organization', 'revoking')).toBe(CLI_EXIT.ok);
    expect(await cli('token', 'revoke', '--id', idOf(mcp))).toBe(CLI_EXIT.ok);
    expect(await apiStatus(api)).toBe(401);
    expect(await mcpStatus(mcp)).toBe(401);
  });

  it('a token past its expiry gets 401 on /api/v1 and on /mcp', async () => {
    const api = await kadu.token('expiring', 'owner', { audience: 'api', expiresInDays: 1 });
    const mcp = await kadu.token('expiring', 'owner', { expiresInDays: 1 });
    expect(await apiStatus(api)).toBe(200);
    expect(await mcpStatus(mcp)).toBe(200);

    const past = new Date(Date.now() - 1000).toISOString();
    await kadu.db
      .updateTable('access_tokens')
      .set({ expires_at: past })
      .where('id', 'in', [idOf(api), idOf(mcp)])
      .execute();
    expect(await apiStatus(api)).toBe(401);
    expect(await mcpStatus(mcp)).toBe(401);
  });
});
