/**
 * Every Billing tool answers the JSON of its `/api/v1` route for the same
 * caller and input: a success and a failure each, row by row with the
 * kit's `expectToolMatchesRoute` (the refusals that hold whatever the data
 * as a `describeParity` table). Writes are compared through one
 * idempotency key: the route runs the write, the tool replays its stored
 * response (so a tool that diverged from the route would differ).
 */
import { describeParity, expectToolMatchesRoute, McpParityCase, McpParityOptions, McpTestClient } from '@kobana/mcp/testing';
import { BillingTestApp, Json, rest, startBilling } from './billing-app';

jest.setTimeout(60_000);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('Billing: REST and MCP parity, tool by tool', () => {
  let billing: BillingTestApp;
  let api: string;
  let mcp: McpTestClient;
  let restSide: McpParityOptions;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    billing = await startBilling();
    api = await billing.token('acme', 'admin', { audience: 'api' });
    // The host's own verifier and tokens: a 2026 client that declares elicitation, so destructive tools are accepted in the chat.
    mcp = await McpTestClient.create(billing.app, { token: await billing.token('acme', 'admin') });
    restSide = { headers: { Authorization: `Bearer ${api}` } };
  });
  afterAll(() => billing?.close());

  /** One row: route then tool; both must answer `status` (tool: isError iff ≥ 400) and the same JSON. Answers the route's body. */
  async function same(route: [string, string, Json?], tool: string, args: Json, status: number, idempotencyKey?: string): Promise<Json> {
    const row: McpParityCase = { tool, args, route: { method: route[0], path: route[1], body: route[2] }, status, idempotencyKey };
    return (await expectToolMatchesRoute(mcp, row, restSide)).body;
  }

  // Refusals that hold whatever the data: unknown ids and input the DTOs refuse, one row each.
  describeParity(
    'refusals, row by row',
    [
      { tool: 'billing_customers_list', args: { per_page: 101 }, route: { method: 'GET', path: '/customers', query: { per_page: 101 } }, status: 400 },
      {
        tool: 'billing_customers_update',
        args: { id: UNKNOWN, name: 'x' },
        route: { method: 'PATCH', path: `/customers/${UNKNOWN}`, body: { name: 'x' } },
        status: 404,
      },
      { tool: 'billing_subscriptions_get', args: { id: UNKNOWN }, route: { method: 'GET', path: `/subscriptions/${UNKNOWN}` }, status: 404 },
      {
        tool: 'billing_subscriptions_list',
        args: { status: 'paused' },
        route: { method: 'GET', path: '/subscriptions', query: { status: 'paused' } },
        status: 400,
      },
      { tool: 'billing_invoices_get', args: { id: UNKNOWN }, route: { method: 'GET', path: `/invoices/${UNKNOWN}` }, status: 404 },
      { tool: 'billing_invoices_pdf', args: { id: UNKNOWN }, route: { method: 'GET', path: `/invoices/${UNKNOWN}/pdf/metadata` }, status: 404 },
      { tool: 'billing_nfes_get', args: { id: UNKNOWN }, route: { method: 'GET', path: `/nfes/${UNKNOWN}` }, status: 404 },
      { tool: 'billing_nfes_list', args: { page: 0 }, route: { method: 'GET', path: '/nfes', query: { page: 0 } }, status: 400 },
      { tool: 'billing_nfes_pdf', args: { id: UNKNOWN }, route: { method: 'GET', path: `/nfes/${UNKNOWN}/pdf/metadata` }, status: 404 },
      { tool: 'billing_nfes_xml', args: { id: UNKNOWN }, route: { method: 'GET', path: `/nfes/${UNKNOWN}/xml/metadata` }, status: 404 },
    ],
    () => ({ client: mcp, options: restSide }),
  );

  it('customers: create, get, list, update', async () => {
    const input = { name: 'Padaria Pão Quente', document: '12345678000195', email: 'contas@padaria.test' };
    const created = await same(['POST', '/customers', input], 'billing_customers_create', input, 201, 'c-1');
    ids.customer = created.id;
    expect(created).toMatchObject(input);
    const invalid = await same(['POST', '/customers', { ...input, document: '123' }], 'billing_customers_create', { ...input, document: '123' }, 400);
    expect(invalid.message).toEqual(['document must be a CPF (11 digits) or a CNPJ (14 digits), digits only']);
    const duplicate = await same(['POST', '/customers', input], 'billing_customers_create', input, 409);
    expect(duplicate.message).toBe('Another customer already has the document 12345678000195');

    await same(['GET', `/customers/${ids.customer}`], 'billing_customers_get', { id: ids.customer }, 200);
    expect(await same(['GET', `/customers/${UNKNOWN}`], 'billing_customers_get', { id: UNKNOWN }, 404)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Customer not found',
    });

    const listed = await same(['GET', '/customers?fields=name,document'], 'billing_customers_list', { fields: ['name', 'document'] }, 200);
    expect(listed).toEqual({ data: [{ name: input.name, document: input.document }], meta: { total: 1, page: 1, per_page: 25 } });

    const renamed = await same(
      ['PATCH', `/customers/${ids.customer}`, { name: 'Padaria Nova' }],
      'billing_customers_update',
      { id: ids.customer, name: 'Padaria Nova' },
      200,
      'c-2',
    );
    expect(renamed.name).toBe('Padaria Nova');
  });

  it('subscriptions: create, get, list, change plan (prorated to the cent)', async () => {
    const input = { customer_id: ids.customer, plan: 'basic', amount_cents: 9990, start_date: '2026-04-01' };
    const created = await same(['POST', '/subscriptions', input], 'billing_subscriptions_create', input, 201, 's-1');
    ids.subscription = created.id;
    expect(created).toMatchObject({ status: 'active', current_period_start: '2026-04-01', current_period_end: '2026-05-01', credit_cents: 0 });
    await same(['POST', '/subscriptions', { ...input, customer_id: UNKNOWN }], 'billing_subscriptions_create', { ...input, customer_id: UNKNOWN }, 404);

    await same(['GET', `/subscriptions/${ids.subscription}`], 'billing_subscriptions_get', { id: ids.subscription }, 200);
    const active = await same(['GET', '/subscriptions?status=active'], 'billing_subscriptions_list', { status: 'active' }, 200);
    expect(active.meta).toEqual({ total: 1, page: 1, per_page: 25 });

    const upgrade = { plan: 'pro', amount_cents: 19990, effective_date: '2026-04-11' };
    const changed = await same(
      ['POST', `/subscriptions/${ids.subscription}/change_plan`, upgrade],
      'billing_subscriptions_change_plan',
      { id: ids.subscription, ...upgrade },
      200,
      's-2',
    );
    // 20 of April's 30 days remain: (19990 − 9990) × 20 / 30 = 6666.67 → 6667 cents.
    expect(changed.proration).toEqual({ old_amount_cents: 9990, new_amount_cents: 19990, days_remaining: 20, days_in_period: 30, amount_cents: 6667 });
    expect(changed.subscription).toMatchObject({ plan: 'pro', amount_cents: 19990, credit_cents: 0 });
    const charged = await rest(billing, api, 'GET', `/invoices/${changed.invoice_id}`);
    expect(charged.body).toMatchObject({ total: 6667, status: 'open', due_date: '2026-04-11', subscription_id: ids.subscription });
    const outside = await same(
      ['POST', `/subscriptions/${ids.subscription}/change_plan`, { ...upgrade, plan: 'max', effective_date: '2026-05-01' }],
      'billing_subscriptions_change_plan',
      { id: ids.subscription, ...upgrade, plan: 'max', effective_date: '2026-05-01' },
      400,
    );
    expect(outside.message).toEqual(['effective_date must fall within the current period (2026-04-01 to 2026-05-01, end excluded)']);

    // A downgrade on the 22nd leaves (9990 − 19990) × 9 / 30 = −3000 as credit, and opens no invoice.
    const downgrade = await rest(billing, api, 'POST', `/subscriptions/${ids.subscription}/change_plan`, {
      plan: 'basic',
      amount_cents: 9990,
      effective_date: '2026-04-22',
    });
    expect(downgrade.body).toMatchObject({ invoice_id: null, proration: { amount_cents: -3000 }, subscription: { credit_cents: 3000 } });
  });

  it('invoices: list with fields, get, upsert, pay, PDF', async () => {
    const listed = await same(
      ['GET', '/invoices?status=open&per_page=10&fields=number,total,due_date'],
      'billing_invoices_list',
      { status: 'open', per_page: 10, fields: ['number', 'total', 'due_date'] },
      200,
    );
    expect(listed).toEqual({
      data: [
        { number: 2, total: 6667, due_date: '2026-04-11' },
        { number: 1, total: 9990, due_date: '2026-04-01' },
      ],
      meta: { total: 2, page: 1, per_page: 10 },
    });
    const unknownField = await same(['GET', '/invoices?fields=number,secret'], 'billing_invoices_list', { fields: ['number', 'secret'] }, 400);
    expect(unknownField.message).toEqual([
      'each value in fields must be one of the following values: id, number, external_id, customer_id, subscription_id, description, total, currency, due_date, status, created_at, updated_at, paid_at, cancelled_at',
    ]);

    const input = { external_id: 'pedido-42', customer_id: ids.customer, description: 'Consultoria', total: 150000, due_date: '2026-05-10' };
    const created = await same(['POST', '/invoices', input], 'billing_invoices_upsert', input, 201, 'i-1');
    ids.invoice = created.id;
    expect(created).toMatchObject({ number: 3, status: 'open', total: 150000, currency: 'BRL' });
    // Upsert rule: the same external_id updates the open invoice rather than creating another.
    const updated = await rest(billing, api, 'POST', '/invoices', { ...input, total: 160000 });
    expect(updated.body).toMatchObject({ id: ids.invoice, number: 3, total: 160000 });
    await same(['POST', '/invoices', { ...input, total: 0 }], 'billing_invoices_upsert', { ...input, total: 0 }, 400);

    await same(['GET', `/invoices/${ids.invoice}`], 'billing_invoices_get', { id: ids.invoice }, 200);

    const paid = await same(['POST', `/invoices/${ids.invoice}/pay`], 'billing_invoices_pay', { id: ids.invoice }, 200, 'i-2');
    expect(paid.status).toBe('paid');
    expect((await same(['POST', `/invoices/${ids.invoice}/pay`], 'billing_invoices_pay', { id: ids.invoice }, 409)).message).toBe(
      'Invoice is paid: only an open invoice can change',
    );
    // A paid invoice is never rewritten by an upsert.
    expect((await rest(billing, api, 'POST', '/invoices', input)).status).toBe(409);

    const pdf = await same(['GET', `/invoices/${ids.invoice}/pdf/metadata`], 'billing_invoices_pdf', { id: ids.invoice }, 200);
    expect(pdf).toEqual({ content_type: 'application/pdf', size: expect.any(Number), path: `/api/v1/invoices/${ids.invoice}/pdf` });
  });

  it('NF-e: issue, get, list, PDF, XML, cancel', async () => {
    const issued = await same(['POST', '/nfes', { invoice_id: ids.invoice }], 'billing_nfes_issue', { invoice_id: ids.invoice }, 201, 'n-1');
    ids.nfe = issued.id;
    expect(issued).toMatchObject({ number: 1, series: '1', status: 'issued', access_key: expect.stringMatching(/^\d{44}$/) });
    const open = (await rest(billing, api, 'GET', '/invoices?status=open&fields=id')).body.data[0].id;
    expect((await same(['POST', '/nfes', { invoice_id: open }], 'billing_nfes_issue', { invoice_id: open }, 409)).message).toBe(
      'Invoice is open: an NF-e is issued only for a paid invoice',
    );

    await same(['GET', `/nfes/${ids.nfe}`], 'billing_nfes_get', { id: ids.nfe }, 200);
    const listed = await same(['GET', '/nfes?fields=number,status'], 'billing_nfes_list', { fields: ['number', 'status'] }, 200);
    expect(listed).toEqual({ data: [{ number: 1, status: 'issued' }], meta: { total: 1, page: 1, per_page: 25 } });

    for (const kind of ['pdf', 'xml'] as const) {
      const view = await same(['GET', `/nfes/${ids.nfe}/${kind}/metadata`], `billing_nfes_${kind}`, { id: ids.nfe }, 200);
      expect(view).toEqual({ content_type: `application/${kind}`, size: expect.any(Number), path: `/api/v1/nfes/${ids.nfe}/${kind}` });
    }

    // An invoice with a live NF-e cannot be cancelled; the NF-e must go first.
    expect((await rest(billing, api, 'POST', `/invoices/${ids.invoice}/cancel`)).status).toBe(409);
    await same(['POST', `/nfes/${ids.nfe}/cancel`, { reason: 'too short' }], 'billing_nfes_cancel', { id: ids.nfe, reason: 'too short' }, 400);
    const reason = 'Valor faturado em duplicidade';
    const cancelled = await same(['POST', `/nfes/${ids.nfe}/cancel`, { reason }], 'billing_nfes_cancel', { id: ids.nfe, reason }, 200, 'n-2');
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: reason });
  });

  it('cancellations and deletes', async () => {
    const open = (await rest(billing, api, 'GET', '/invoices?status=open&fields=id')).body.data[0].id;
    expect((await same(['POST', `/invoices/${open}/cancel`], 'billing_invoices_cancel', { id: open }, 200, 'x-1')).status).toBe('cancelled');
    await same(['POST', `/invoices/${ids.invoice}/cancel`], 'billing_invoices_cancel', { id: ids.invoice }, 409);

    // A customer with an active subscription is not deleted.
    expect((await same(['DELETE', `/customers/${ids.customer}`], 'billing_customers_delete', { id: ids.customer }, 409)).message).toBe(
      'Customer has active subscriptions: cancel them first',
    );
    expect((await same(['DELETE', `/subscriptions/${ids.subscription}`], 'billing_subscriptions_cancel', { id: ids.subscription }, 200, 'x-2')).status).toBe(
      'cancelled',
    );
    await same(['DELETE', `/subscriptions/${ids.subscription}`], 'billing_subscriptions_cancel', { id: ids.subscription }, 409);
    const deleted = await same(['DELETE', `/customers/${ids.customer}`], 'billing_customers_delete', { id: ids.customer }, 200, 'x-3');
    expect(deleted).toEqual({ id: ids.customer, deleted_at: expect.any(String) });
    // Soft delete: gone from lookups and listings, its invoices remain.
    await same(['DELETE', `/customers/${ids.customer}`], 'billing_customers_delete', { id: ids.customer }, 404);
    expect((await rest(billing, api, 'GET', '/customers')).body.meta.total).toBe(0);
    expect((await rest(billing, api, 'GET', `/invoices/${ids.invoice}`)).status).toBe(200);
  });
});
