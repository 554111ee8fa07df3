/**
 * Billing's MCP path is matched exactly: `/mcp/`, `/MCP` and `/Mcp/` with a
 * valid body and token answer 404 like any path Billing does not serve,
 * before the body parsers the MCP module installs for Billing, never their
 * 400 or the endpoint's. The exact path and its Protected Resource Metadata
 * are unchanged.
 */
import { BILLING_TEST_PUBLIC_URL, BillingTestApp, startBilling } from './billing-app';

const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });

describe('Billing: the MCP path is matched exactly', () => {
  let billing: BillingTestApp;
  let token: string;

  beforeAll(async () => {
    billing = await startBilling();
    token = await billing.token('acme', 'owner');
  });
  afterAll(() => billing?.close());

  const post = (path: string) =>
    fetch(`${billing.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: ping });

  it.each(['/mcp/', '/MCP', '/Mcp/'])('POST %s with a valid body and token → 404, as an unknown route', async (path) => {
    const unknown = await post('/nowhere');
    const response = await post(path);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: unknown.status,
      body: { ...((await unknown.json()) as object), message: `Cannot POST ${path}` },
    });
    expect(response.status).toBe(404);
  });

  it('serves the exact path and the Protected Resource Metadata', async () => {
    const response = await post('/mcp');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    const metadata = await fetch(`${billing.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({ resource: `${BILLING_TEST_PUBLIC_URL}/mcp`, bearer_methods_supported: ['header'] });
  });
});
