/**
 * Billing's OpenAPI document over real HTTP: served without a token as
 * OpenAPI 3.1, listing exactly the routes Express registered under
 * `/api/v1`, and every route's real answers (successes, PDF and XML bytes,
 * and the errors a client meets: 400, 401, 403, 404, 409, 413) valid
 * against the document for their path, method and status. Every operation
 * of the document is answered with its success status at least once.
 */
import { openApiDocumentProblems } from '@kobana/openapi/testing';
import { BILLING_TEST_PUBLIC_URL, BillingTestApp, startBilling } from './billing-app';
import { API, documentedRoutes, MISSING, OpenApiRecorder, OVERSIZED, registeredRoutes } from '../support/openapi.recorder';

jest.setTimeout(60_000);

describe('Billing: GET /api/v1/openapi.json', () => {
  let billing: BillingTestApp;
  let api: OpenApiRecorder;
  let owner: string;
  let viewer: string;

  beforeAll(async () => {
    billing = await startBilling();
    owner = await billing.token('org-openapi', 'owner', { audience: 'api' });
    viewer = await billing.token('org-openapi', 'viewer', { audience: 'api' });
    api = await OpenApiRecorder.of(billing.baseUrl);
  });
  afterAll(() => billing?.close());

  it('is served without a token, as JSON, the same bytes each time, and as a reference at /api/docs', async () => {
    const first = await api.expect(200, 'GET', `${API}/openapi.json`);
    const second = await api.expect(200, 'GET', `${API}/openapi.json`);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.text).toBe(first.text);
    expect(first.body).toEqual(api.document);
    const page = await fetch(`${billing.baseUrl}/api/docs`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>Kobana Billing API reference</title>');
  });

  it('is OpenAPI 3.1 with the bearer scheme on every route but the document', () => {
    const { document } = api;
    expect(openApiDocumentProblems(document)).toEqual([]);
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Kobana Billing API' },
      servers: [{ url: BILLING_TEST_PUBLIC_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    });
    const open = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => !operation.security)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(open).toEqual(['GET /api/v1/openapi.json']);
  });

  it('lists every route the router registered under /api/v1, and no other', () => {
    const registered = registeredRoutes(billing.app, `${API}/`);
    expect(registered.length).toBeGreaterThanOrEqual(27);
    expect(documentedRoutes(api.document)).toEqual(registered);
  });

  it('every route answers what the document says, on success and on error', async () => {
    const as = (token: string) => ({ token });
    await api.expect(401, 'GET', `${API}/customers`);
    await api.expect(401, 'GET', `${API}/customers`, as('kbill_api_nope'));

    // Customers.
    const customer = { name: 'Padaria Pão Quente', document: '12345678000195', email: 'contas@padaria.test' };
    const created = (await api.expect(201, 'POST', `${API}/customers`, { token: owner, json: customer, headers: { 'Idempotency-Key': 'c-1' } })).body;
    await api.expect(409, 'POST', `${API}/customers`, { token: owner, json: customer });
    await api.expect(400, 'POST', `${API}/customers`, { token: owner, json: { ...customer, document: '123' } });
    await api.expect(413, 'POST', `${API}/customers`, { token: owner, raw: { body: OVERSIZED, type: 'application/json' } });
    await api.expect(403, 'POST', `${API}/customers`, { token: viewer, json: { ...customer, document: '11222333000181' } });
    await api.expect(200, 'GET', `${API}/customers`, as(owner));
    await api.expect(200, 'GET', `${API}/customers?fields=name,document`, as(owner));
    await api.expect(400, 'GET', `${API}/customers?per_page=101`, as(owner));
    await api.expect(200, 'GET', `${API}/customers/${created.id}`, as(owner));
    await api.expect(404, 'GET', `${API}/customers/${MISSING}`, as(owner));
    await api.expect(200, 'PATCH', `${API}/customers/${created.id}`, { token: owner, json: { name: 'Padaria Nova' } });
    await api.expect(404, 'PATCH', `${API}/customers/${MISSING}`, { token: owner, json: { name: 'x' } });

    // Subscriptions.
    const plan = { customer_id: created.id, plan: 'basic', amount_cents: 9990, start_date: '2026-04-01' };
    const subscription = (await api.expect(201, 'POST', `${API}/subscriptions`, { token: owner, json: plan })).body;
    await api.expect(404, 'POST', `${API}/subscriptions`, { token: owner, json: { ...plan, customer_id: MISSING } });
    await api.expect(200, 'GET', `${API}/subscriptions?status=active`, as(owner));
    await api.expect(400, 'GET', `${API}/subscriptions?status=paused`, as(owner));
    await api.expect(200, 'GET', `${API}/subscriptions/${subscription.id}`, as(owner));
    const upgrade = { plan: 'pro', amount_cents: 19990, effective_date: '2026-04-11' };
    await api.expect(200, 'POST', `${API}/subscriptions/${subscription.id}/change_plan`, { token: owner, json: upgrade });
    await api.expect(409, 'POST', `${API}/subscriptions/${subscription.id}/change_plan`, { token: owner, json: upgrade });
    await api.expect(409, 'DELETE', `${API}/customers/${created.id}`, as(owner));

    // Invoices, paid, with their PDF.
    const charge = { external_id: 'pedido-42', customer_id: created.id, description: 'Consultoria', total: 150000, due_date: '2026-05-10' };
    const invoice = (await api.expect(201, 'POST', `${API}/invoices`, { token: owner, json: charge })).body;
    await api.expect(400, 'POST', `${API}/invoices`, { token: owner, json: { ...charge, total: 0 } });
    await api.expect(200, 'GET', `${API}/invoices?status=open&fields=number,total`, as(owner));
    await api.expect(400, 'GET', `${API}/invoices?fields=number,secret`, as(owner));
    await api.expect(200, 'GET', `${API}/invoices/${invoice.id}`, as(owner));
    await api.expect(200, 'GET', `${API}/invoices/${invoice.id}/pdf/metadata`, as(owner));
    await api.expect(404, 'GET', `${API}/invoices/${MISSING}/pdf/metadata`, as(owner));
    expect((await api.expect(200, 'GET', `${API}/invoices/${invoice.id}/pdf`, as(owner))).text.startsWith('%PDF')).toBe(true);
    await api.expect(404, 'GET', `${API}/invoices/${MISSING}/pdf`, as(owner));
    await api.expect(403, 'POST', `${API}/invoices/${invoice.id}/cancel`, as(viewer));
    await api.expect(200, 'POST', `${API}/invoices/${invoice.id}/pay`, as(owner));
    await api.expect(409, 'POST', `${API}/invoices/${invoice.id}/pay`, as(owner));
    await api.expect(404, 'POST', `${API}/invoices/${MISSING}/pay`, as(owner));

    // The NF-e of the paid invoice: its documents, then cancelled.
    const nfe = (await api.expect(201, 'POST', `${API}/nfes`, { token: owner, json: { invoice_id: invoice.id } })).body;
    await api.expect(409, 'POST', `${API}/nfes`, { token: owner, json: { invoice_id: invoice.id } });
    await api.expect(400, 'POST', `${API}/nfes`, { token: owner, json: {} });
    await api.expect(200, 'GET', `${API}/nfes?fields=number,status`, as(owner));
    await api.expect(400, 'GET', `${API}/nfes?page=0`, as(owner));
    await api.expect(200, 'GET', `${API}/nfes/${nfe.id}`, as(owner));
    await api.expect(404, 'GET', `${API}/nfes/${MISSING}`, as(owner));
    for (const kind of ['pdf', 'xml']) {
      await api.expect(200, 'GET', `${API}/nfes/${nfe.id}/${kind}/metadata`, as(owner));
      await api.expect(404, 'GET', `${API}/nfes/${MISSING}/${kind}/metadata`, as(owner));
      await api.expect(200, 'GET', `${API}/nfes/${nfe.id}/${kind}`, as(owner));
      await api.expect(404, 'GET', `${API}/nfes/${MISSING}/${kind}`, as(owner));
    }
    await api.expect(409, 'POST', `${API}/invoices/${invoice.id}/cancel`, as(owner));
    await api.expect(400, 'POST', `${API}/nfes/${nfe.id}/cancel`, { token: owner, json: { reason: 'too short' } });
    await api.expect(403, 'POST', `${API}/nfes/${nfe.id}/cancel`, { token: viewer, json: { reason: 'Valor faturado em duplicidade' } });
    await api.expect(200, 'POST', `${API}/nfes/${nfe.id}/cancel`, { token: owner, json: { reason: 'Valor faturado em duplicidade' } });
    await api.expect(409, 'POST', `${API}/nfes/${nfe.id}/cancel`, { token: owner, json: { reason: 'Valor faturado em duplicidade' } });

    // An open invoice cancelled; the subscription, then the customer, deleted.
    const open = (await api.expect(201, 'POST', `${API}/invoices`, { token: owner, json: { ...charge, external_id: 'pedido-43' } })).body;
    await api.expect(200, 'POST', `${API}/invoices/${open.id}/cancel`, as(owner));
    await api.expect(409, 'POST', `${API}/invoices/${open.id}/cancel`, as(owner));
    await api.expect(200, 'DELETE', `${API}/subscriptions/${subscription.id}`, as(owner));
    await api.expect(409, 'DELETE', `${API}/subscriptions/${subscription.id}`, as(owner));
    await api.expect(404, 'DELETE', `${API}/subscriptions/${MISSING}`, as(owner));
    await api.expect(403, 'DELETE', `${API}/customers/${created.id}`, as(viewer));
    await api.expect(200, 'DELETE', `${API}/customers/${created.id}`, as(owner));
    await api.expect(404, 'DELETE', `${API}/customers/${created.id}`, as(owner));

    // The audit trail (owners and admins).
    await api.expect(200, 'GET', `${API}/audit_events?limit=5`, as(owner));
    await api.expect(403, 'GET', `${API}/audit_events`, as(viewer));
    await api.expect(400, 'GET', `${API}/audit_events?decision=maybe`, as(owner));
  });

  it('every operation of the document was answered with its success status, and the errors clients meet were all seen', () => {
    expect(api.operationsWithoutSuccess()).toEqual([]);
    expect(api.errorStatuses()).toEqual([400, 401, 403, 404, 409, 413]);
  });
});
