/**
 * Who sees what: tools filtered by the panel role of the person behind the
 * token, organizations isolated, listings paged and trimmed to `fields`, and
 * the PDF/XML bytes served only to a token issued for the API.
 */
import { BillingTestApp, callTool, Json, rest, rpc2025, rpc2026, startBilling } from './billing-app';

jest.setTimeout(60_000);

const READ_TOOLS = [
  'billing_customers_get',
  'billing_customers_list',
  'billing_invoices_get',
  'billing_invoices_list',
  'billing_invoices_pdf',
  'billing_nfes_get',
  'billing_nfes_list',
  'billing_nfes_pdf',
  'billing_nfes_xml',
  'billing_subscriptions_get',
  'billing_subscriptions_list',
];
const FINANCIAL_WRITES = [
  'billing_customers_create',
  'billing_customers_update',
  'billing_invoices_pay',
  'billing_invoices_upsert',
  'billing_nfes_issue',
  'billing_subscriptions_change_plan',
  'billing_subscriptions_create',
];
const DESTRUCTIVE = ['billing_customers_delete', 'billing_invoices_cancel', 'billing_nfes_cancel', 'billing_subscriptions_cancel'];
/** Owners and admins only: what agents did in the organization. */
const AUDIT = ['billing_audit_events_list'];

describe('Billing: permissions, isolation, listings and documents', () => {
  let billing: BillingTestApp;
  const tokens: Record<string, { api: string; mcp: string }> = {};
  let invoiceOfA: string;
  let nfeOfA: string;

  beforeAll(async () => {
    billing = await startBilling();
    for (const [org, role] of [
      ['org-a', 'owner'],
      ['org-b', 'owner'],
    ] as const) {
      tokens[org] = { api: await billing.token(org, role, { audience: 'api' }), mcp: await billing.token(org, role) };
    }
    const a = tokens['org-a'].api;
    const customers: string[] = [];
    for (const [index, name] of ['Ana', 'Bruno', 'Carla'].entries()) {
      customers.push((await rest(billing, a, 'POST', '/customers', { name, document: `1234567890${index}`, email: `${name.toLowerCase()}@a.test` })).body.id);
    }
    invoiceOfA = (await rest(billing, a, 'POST', '/invoices', { customer_id: customers[0], description: 'Mensalidade', total: 4990, due_date: '2026-05-05' }))
      .body.id;
    await rest(billing, a, 'POST', `/invoices/${invoiceOfA}/pay`);
    nfeOfA = (await rest(billing, a, 'POST', '/nfes', { invoice_id: invoiceOfA })).body.id;
  });
  afterAll(() => billing?.close());

  const toolNames = async (token: string) => ((await rpc2025(billing, token, 'tools/list')).body.result.tools as Json[]).map((tool) => tool.name).sort();

  it('tools/list shows each panel role only the tools its permissions allow, all with openWorldHint false', async () => {
    expect(await toolNames(await billing.token('org-a', 'viewer'))).toEqual(READ_TOOLS);
    expect(await toolNames(await billing.token('org-a', 'financial'))).toEqual([...READ_TOOLS, ...FINANCIAL_WRITES].sort());
    const all = (await rpc2025(billing, tokens['org-a'].mcp, 'tools/list')).body.result.tools as Json[];
    expect(all.map((tool) => tool.name).sort()).toEqual([...READ_TOOLS, ...FINANCIAL_WRITES, ...DESTRUCTIVE, ...AUDIT].sort());
    expect(all.every((tool) => tool.annotations.openWorldHint === false)).toBe(true);
    expect(
      all
        .filter((tool) => tool.annotations.destructiveHint)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(DESTRUCTIVE);
  });

  it('a tool the role lacks answers as an unknown tool over MCP, and 403 over REST', async () => {
    const viewer = await billing.token('org-a', 'viewer');
    const response = await rpc2025(billing, viewer, 'tools/call', { name: 'billing_customers_create', arguments: { name: 'x' } });
    expect(response.body.error).toEqual({ code: -32602, message: expect.stringContaining('Unknown tool: billing_customers_create') });
    const viewerApi = await billing.token('org-a', 'viewer', { audience: 'api' });
    const refused = await rest(billing, viewerApi, 'POST', '/customers', { name: 'Zé', document: '12345678909', email: 'ze@a.test' });
    expect(refused).toEqual({ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Your panel role lacks the permission customers.write' } });
  });

  it('a destructive tool never runs on the first call', async () => {
    const first = await rpc2026(billing, tokens['org-a'].mcp, 'tools/call', {
      name: 'billing_nfes_cancel',
      arguments: { id: nfeOfA, reason: 'Cancelamento de teste' },
    });
    // NF-e cancellation requires the person: even a client that declared elicitation gets the approval link.
    expect(first.body.result.resultType).toBe('complete');
    expect(first.body.result.structuredContent.status).toBe('approval_required');
    expect((await rest(billing, tokens['org-a'].api, 'GET', `/nfes/${nfeOfA}`)).body.status).toBe('issued');
  });

  it('organization B reaches nothing of organization A: 404 like an unknown id, and an empty listing', async () => {
    const b = tokens['org-b'];
    expect((await rest(billing, b.api, 'GET', `/invoices/${invoiceOfA}`)).status).toBe(404);
    expect(await callTool(billing, b.mcp, 'billing_invoices_get', { id: invoiceOfA })).toEqual({
      isError: true,
      body: { statusCode: 404, error: 'Not Found', message: 'Invoice not found' },
    });
    expect((await callTool(billing, b.mcp, 'billing_nfes_xml', { id: nfeOfA })).isError).toBe(true);
    expect((await callTool(billing, b.mcp, 'billing_customers_list', {})).body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
    const read = await rpc2025(billing, b.mcp, 'resources/read', { uri: `kobana://billing/invoices/${invoiceOfA}` });
    expect(read.body.error.code).toBe(-32002);
  });

  it('the resource template reads the same JSON as billing_invoices_get', async () => {
    const a = tokens['org-a'].mcp;
    const templates = (await rpc2025(billing, a, 'resources/templates/list')).body.result.resourceTemplates;
    expect(templates).toEqual([expect.objectContaining({ uriTemplate: 'kobana://billing/invoices/{id}', mimeType: 'application/json' })]);
    const uri = `kobana://billing/invoices/${invoiceOfA}`;
    const read = await rpc2025(billing, a, 'resources/read', { uri });
    expect(JSON.parse(read.body.result.contents[0].text)).toEqual((await callTool(billing, a, 'billing_invoices_get', { id: invoiceOfA })).body);
  });

  it('pages with page/per_page and meta.total; fields keeps only the named ones', async () => {
    const second = await callTool(billing, tokens['org-a'].mcp, 'billing_customers_list', { page: 2, per_page: 2, fields: ['email', 'name'] });
    expect(second.body).toEqual({ data: [{ email: 'ana@a.test', name: 'Ana' }], meta: { total: 3, page: 2, per_page: 2 } });
    const viaRest = await rest(billing, tokens['org-a'].api, 'GET', '/customers?page=1&per_page=2&fields=name');
    expect(viaRest.body).toEqual({ data: [{ name: 'Carla' }, { name: 'Bruno' }], meta: { total: 3, page: 1, per_page: 2 } });
    const byName = await callTool(billing, tokens['org-a'].mcp, 'billing_customers_list', { name: 'AR', fields: ['name'] });
    expect(byName.body).toEqual({ data: [{ name: 'Carla' }], meta: { total: 1, page: 1, per_page: 25 } });
    // LIKE wildcards in the search are literal text.
    expect((await callTool(billing, tokens['org-a'].mcp, 'billing_customers_list', { name: '%' })).body.meta.total).toBe(0);
    const unknown = await callTool(billing, tokens['org-a'].mcp, 'billing_customers_list', { fields: ['name', 'password'] });
    expect(unknown).toEqual({
      isError: true,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['each value in fields must be one of the following values: id, name, document, email, created_at, updated_at'],
      },
    });
  });

  it('serves the real PDF and XML bytes at the paths the tools answer, to an API token only', async () => {
    const { mcp, api } = tokens['org-a'];
    const cases = [
      ['billing_invoices_pdf', invoiceOfA, 'application/pdf'],
      ['billing_nfes_pdf', nfeOfA, 'application/pdf'],
      ['billing_nfes_xml', nfeOfA, 'application/xml'],
    ] as const;
    for (const [tool, id, type] of cases) {
      const view = (await callTool(billing, mcp, tool, { id })).body;
      const response = await fetch(`${billing.baseUrl}${view.path}`, { headers: { Authorization: `Bearer ${api}` } });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(bytes.length).toBe(view.size);
      const text = bytes.toString('latin1');
      if (type === 'application/pdf') {
        expect(text.startsWith('%PDF-1.4\n')).toBe(true);
        const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
        expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
      } else {
        const nfe = (await rest(billing, api, 'GET', `/nfes/${nfeOfA}`)).body;
        expect(text).toContain(`<infNFe Id="NFe${nfe.access_key}" versao="4.00">`);
        expect(text).toContain('<vNF>49.90</vNF>');
      }
      // The MCP token is never good for the API, nor another organization's API token.
      expect((await fetch(`${billing.baseUrl}${view.path}`, { headers: { Authorization: `Bearer ${mcp}` } })).status).toBe(401);
      expect((await fetch(`${billing.baseUrl}${view.path}`, { headers: { Authorization: `Bearer ${tokens['org-b'].api}` } })).status).toBe(404);
    }
  });
});
