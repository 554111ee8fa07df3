/**
 * Billing's endpoint as clients see it: its own server info and instructions
 * in both eras (raw requests and the official SDK 1.x client), the Origin
 * allowlist of BILLING_ALLOWED_ORIGINS, and no Retry-After outside a 429.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BILLING_MCP_INSTRUCTIONS } from '../../apps/billing/billing-mcp/billing-mcp-instructions.messages';
import { BILLING_TEST_PUBLIC_URL, BillingTestApp, rest, rpc2025, rpc2026, startBilling } from './billing-app';

jest.setTimeout(60_000);

const SERVER_INFO = { name: 'kobana-billing', title: 'Kobana Billing', version: '1.0.0' };
const PANEL = 'https://panel.kobana.test';

describe('Billing endpoint: eras, Origin allowlist, real client', () => {
  let billing: BillingTestApp;
  let token: string;

  beforeAll(async () => {
    billing = await startBilling({ BILLING_ALLOWED_ORIGINS: `${PANEL}/` });
    token = await billing.token('acme', 'owner');
  });
  afterAll(() => billing?.close());

  it('era 2025: initialize answers Billing’s server info and instructions', async () => {
    const response = await rpc2025(billing, token, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-protocol-version')).toBe('2025-06-18');
    expect(response.body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: SERVER_INFO, instructions: BILLING_MCP_INSTRUCTIONS });
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('era 2026: server/discover answers them too, private and uncached', async () => {
    const response = await rpc2026(billing, token, 'server/discover');
    expect(response.status).toBe(200);
    expect(response.body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-06-18', '2025-03-26'],
      instructions: BILLING_MCP_INSTRUCTIONS,
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });
  });

  it.each([
    ['the allowlisted panel', PANEL, 200],
    ['the server’s own origin', BILLING_TEST_PUBLIC_URL, 200],
    ['no Origin (not a browser)', undefined, 200],
    ['loopback, not listed for Billing', 'http://localhost:5173', 403],
    ['another site', 'https://evil.test', 403],
    ['the panel on another port', 'https://panel.kobana.test:8443', 403],
  ])('Origin: %s (%s) → %i', async (_label, origin, status) => {
    const response = await rpc2025(billing, token, 'ping', undefined, origin ? { Origin: origin } : {});
    expect(response.status).toBe(status);
    expect(response.headers.get('retry-after')).toBeNull();
    if (status === 403) expect(response.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining(origin!) } });
  });

  it('the official SDK 1.x client connects, lists, calls and reads', async () => {
    const api = await billing.token('acme', 'owner', { audience: 'api' });
    const customer = (await rest(billing, api, 'POST', '/customers', { name: 'Cliente SDK', document: '98765432100', email: 'sdk@acme.test' })).body;
    const invoice = (await rest(billing, api, 'POST', '/invoices', { customer_id: customer.id, description: 'Plano', total: 2500, due_date: '2026-06-01' }))
      .body;

    const client = new Client({ name: 'billing-e2e-sdk1', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(billing.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
    try {
      await client.connect(transport);
      expect(transport.protocolVersion).toBe('2025-06-18');
      expect(client.getServerVersion()).toEqual(SERVER_INFO);
      expect(client.getInstructions()).toBe(BILLING_MCP_INSTRUCTIONS);
      const { tools } = await client.listTools();
      expect(tools).toHaveLength(23);
      const listed = await client.callTool({ name: 'billing_invoices_list', arguments: { per_page: 10, fields: ['number', 'total', 'due_date'] } });
      expect(listed.structuredContent).toEqual({ data: [{ number: 1, total: 2500, due_date: '2026-06-01' }], meta: { total: 1, page: 1, per_page: 10 } });
      const read = await client.readResource({ uri: `kobana://billing/invoices/${invoice.id}` });
      const [content] = read.contents;
      expect('text' in content && JSON.parse(content.text)).toEqual(invoice);
    } finally {
      await client.close();
    }
  });
});
