/**
 * `GET /api/v1/organization` over real HTTP: the API's bearer authentication
 * (audience `api` only, JSON 401s) and the same JSON the MCP tool returns.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { expectToolOutputMatches } from '@kobana/mcp/testing';

describe('GET /api/v1/organization', () => {
  let kadu: KaduTestApp;
  beforeAll(async () => (kadu = await startKadu()));
  afterAll(() => kadu?.close());

  const get = (headers: Record<string, string> = {}, query = '') => fetch(`${kadu.baseUrl}/api/v1/organization${query}`, { headers });

  it("answers the caller's organization to an API token", async () => {
    const token = await kadu.token('acme', 'viewer', { audience: 'api' });
    const res = await get({ Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      slug: 'acme',
      plan: { name: 'free', monthly_execution_quota: expect.any(Number), per_execution_cost_ceiling_cents: expect.any(Number) },
      usage: { executions: 0, cost_cents: 0 },
    });
  });

  it('without a token: 401, invalid_token JSON and a challenge without an error code', async () => {
    const res = await get();
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="kadu-api"');
    expect(await res.json()).toEqual({ error: 'invalid_token', error_description: expect.stringContaining('Missing') });
  });

  it.each([
    ['an MCP token', () => kadu.token('acme', 'owner')],
    [
      'a revoked API token',
      async () => {
        const { token, record } = await kadu.identity.createToken({ organization: 'acme', role: 'owner', audience: 'api' });
        await kadu.identity.revokeToken(record.id);
        return token;
      },
    ],
    ['garbage', async () => 'kadu_api_nonsense'],
  ])('refuses %s with 401 invalid_token', async (_label, mint) => {
    const res = await get({ Authorization: `Bearer ${await mint()}` });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="kadu-api", error="invalid_token"');
    expect(await res.json()).toEqual({ error: 'invalid_token', error_description: expect.any(String) });
  });

  it('refuses a token in the query string, where logs would keep it', async () => {
    const token = await kadu.token('acme', 'viewer', { audience: 'api' });
    const res = await get({}, `?access_token=${token}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_token');
  });

  it('answers the same JSON as the MCP tool kadu_organization_get', async () => {
    const apiToken = await kadu.token('same', 'admin', { audience: 'api' });
    const mcpToken = await kadu.token('same', 'admin');
    const rest = await (await get({ Authorization: `Bearer ${apiToken}` })).json();
    const res = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mcpToken}`, 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'kadu_organization_get', arguments: {} } }),
    });
    const { result } = (await res.json()) as { result: { structuredContent: unknown; content: Array<{ text: string }> } };
    expect(result.structuredContent).toEqual(rest);
    expect(JSON.parse(result.content[0].text)).toEqual(rest);
    expectToolOutputMatches(kadu.app, 'kadu_organization_get', result);
  });
});

describe('startKadu', () => {
  it('gives each application its own database, and a second replica can share one', async () => {
    const [a, b] = await Promise.all([startKadu(), startKadu()]);
    try {
      expect(a.databaseUrl).not.toBe(b.databaseUrl);
      const tokenOfA = await a.token('only-a', 'owner', { audience: 'api' });
      const organization = (app: KaduTestApp) => fetch(`${app.baseUrl}/api/v1/organization`, { headers: { Authorization: `Bearer ${tokenOfA}` } });
      // b was created last: its strategy must not answer for a (passport's registry is process-wide).
      expect((await organization(a)).status).toBe(200);
      expect((await organization(b)).status).toBe(401);

      const replica = await startKadu({ databaseUrl: a.databaseUrl });
      try {
        expect((await organization(replica)).status).toBe(200);
      } finally {
        await replica.close();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
