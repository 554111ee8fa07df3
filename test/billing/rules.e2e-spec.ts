/**
 * Billing's 409 rules, each over REST and as the MCP tool's isError, and
 * another organization's writes: 404 as the route answers an unknown id,
 * and nothing of either organization changed.
 */
import { Kysely, sql } from 'kysely';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { snapshot } from '../kadu/reliability.support';
import { BillingTestApp, callTool, Json, rest, startBilling } from './billing-app';
import { HOST_DATABASE as BILLING_DATABASE } from '@kobana/platform';

jest.setTimeout(60_000);

const conflict = (message: string) => ({ statusCode: 409, error: 'Conflict', message });
const notFound = (what: string) => ({ statusCode: 404, error: 'Not Found', message: `${what} not found` });
const REASON = 'Cancelamento solicitado pelo cliente';

describe('Billing: 409 rules and other organizations’ writes', () => {
  let billing: BillingTestApp;
  let db: Kysely<KaduDatabase>;
  const tokens: Record<string, { api: string; mcp: string }> = {};
  let documents = 0;

  beforeAll(async () => {
    billing = await startBilling();
    db = billing.app.get<Kysely<KaduDatabase>>(BILLING_DATABASE);
    for (const org of ['org-a', 'org-b']) tokens[org] = { api: await billing.token(org, 'owner', { audience: 'api' }), mcp: await billing.token(org, 'owner') };
  });
  afterAll(() => billing?.close());

  /** A customer, a paid invoice with its issued NF-e, an open invoice and an active subscription of `org`. */
  async function seed(org: string): Promise<Record<'customer' | 'paid' | 'open' | 'nfe' | 'subscription', string>> {
    const api = tokens[org].api;
    const created = async (method: string, path: string, body?: Json) => {
      const answer = await rest(billing, api, method, path, body);
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    // Eleven digits, one per customer: the document is unique per organization.
    const document = String(10_000_000_000 + ++documents);
    const customer = await created('POST', '/customers', { name: `Cliente ${org}`, document, email: `c${documents}@${org}.test` });
    const paid = await created('POST', '/invoices', { customer_id: customer.id, description: 'Mensalidade', total: 4990, due_date: '2026-05-05' });
    await created('POST', `/invoices/${paid.id}/pay`);
    const nfe = await created('POST', '/nfes', { invoice_id: paid.id });
    const open = await created('POST', '/invoices', { customer_id: customer.id, description: 'Avulsa', total: 1500, due_date: '2026-06-05' });
    const subscription = await created('POST', '/subscriptions', { customer_id: customer.id, plan: 'pro', amount_cents: 9900 });
    return { customer: customer.id, paid: paid.id, open: open.id, nfe: nfe.id, subscription: subscription.id };
  }

  it('an NF-e already issued for the invoice: 409 over REST and as isError over MCP', async () => {
    const a = await seed('org-a');
    const message = conflict('Invoice already has an issued NF-e');
    expect(await rest(billing, tokens['org-a'].api, 'POST', '/nfes', { invoice_id: a.paid })).toEqual({ status: 409, body: message });
    expect(await callTool(billing, tokens['org-a'].mcp, 'billing_nfes_issue', { invoice_id: a.paid })).toEqual({ isError: true, body: message });
    const issued = await sql<{ n: number }>`select count(*) as n from nfes where invoice_id = ${a.paid}`.execute(db);
    expect(Number(issued.rows[0].n)).toBe(1);
  });

  it('cancelling an NF-e that is not issued (already cancelled): 409 over REST and MCP', async () => {
    const a = await seed('org-a');
    const api = tokens['org-a'].api;
    expect((await rest(billing, api, 'POST', `/nfes/${a.nfe}/cancel`, { reason: REASON })).body.status).toBe('cancelled');
    const message = conflict('NF-e is cancelled: only an issued NF-e can be cancelled');
    expect(await rest(billing, api, 'POST', `/nfes/${a.nfe}/cancel`, { reason: REASON })).toEqual({ status: 409, body: message });
    expect(await callTool(billing, tokens['org-a'].mcp, 'billing_nfes_cancel', { id: a.nfe, reason: REASON })).toEqual({ isError: true, body: message });
  });

  it('a plan change of a subscription that is not active: 409 over REST and MCP', async () => {
    const a = await seed('org-a');
    const api = tokens['org-a'].api;
    expect((await rest(billing, api, 'DELETE', `/subscriptions/${a.subscription}`)).body.status).toBe('cancelled');
    const message = conflict('Subscription is cancelled: only an active subscription can change');
    const change = { plan: 'enterprise', amount_cents: 19900 };
    expect(await rest(billing, api, 'POST', `/subscriptions/${a.subscription}/change_plan`, change)).toEqual({ status: 409, body: message });
    expect(await callTool(billing, tokens['org-a'].mcp, 'billing_subscriptions_change_plan', { id: a.subscription, ...change })).toEqual({
      isError: true,
      body: message,
    });
    expect((await rest(billing, api, 'GET', `/subscriptions/${a.subscription}`)).body).toMatchObject({ status: 'cancelled', plan: 'pro', amount_cents: 9900 });
  });

  it('a plan change to the same plan at the same price: 409 over REST and MCP', async () => {
    const a = await seed('org-a');
    const api = tokens['org-a'].api;
    const message = conflict('The subscription is already on this plan at this price');
    const same = { plan: 'pro', amount_cents: 9900 };
    expect(await rest(billing, api, 'POST', `/subscriptions/${a.subscription}/change_plan`, same)).toEqual({ status: 409, body: message });
    expect(await callTool(billing, tokens['org-a'].mcp, 'billing_subscriptions_change_plan', { id: a.subscription, ...same })).toEqual({
      isError: true,
      body: message,
    });
    expect((await rest(billing, api, 'GET', `/subscriptions/${a.subscription}`)).body).toMatchObject({ status: 'active', plan: 'pro', amount_cents: 9900 });
  });

  it("another organization's writes on customers, invoices, subscriptions and NF-e: 404 as for an unknown id, nothing changed", async () => {
    const a = await seed('org-a');
    await seed('org-b');
    const b = tokens['org-b'];
    const before = await snapshot(db);
    const writes: Array<[string, string, Json | undefined, string]> = [
      ['POST', `/invoices/${a.open}/pay`, undefined, 'Invoice'],
      ['POST', `/invoices/${a.open}/cancel`, undefined, 'Invoice'],
      ['POST', `/subscriptions/${a.subscription}/change_plan`, { plan: 'enterprise', amount_cents: 19900 }, 'Subscription'],
      ['DELETE', `/subscriptions/${a.subscription}`, undefined, 'Subscription'],
      ['PATCH', `/customers/${a.customer}`, { name: 'Tomado' }, 'Customer'],
      ['DELETE', `/customers/${a.customer}`, undefined, 'Customer'],
      ['POST', `/nfes/${a.nfe}/cancel`, { reason: REASON }, 'NF-e'],
      ['POST', '/nfes', { invoice_id: a.paid }, 'Invoice'],
      ['POST', '/invoices', { customer_id: a.customer, description: 'Intrusa', total: 100, due_date: '2026-06-05' }, 'Customer'],
      ['POST', '/subscriptions', { customer_id: a.customer, plan: 'pro', amount_cents: 100 }, 'Customer'],
    ];
    for (const [method, path, body, what] of writes) {
      expect({ write: `${method} ${path}`, ...(await rest(billing, b.api, method, path, body)) }).toEqual({
        write: `${method} ${path}`,
        status: 404,
        body: notFound(what),
      });
    }
    const tools: Array<[string, Json, string]> = [
      ['billing_invoices_pay', { id: a.open }, 'Invoice'],
      ['billing_invoices_cancel', { id: a.open }, 'Invoice'],
      ['billing_subscriptions_change_plan', { id: a.subscription, plan: 'enterprise', amount_cents: 19900 }, 'Subscription'],
      ['billing_subscriptions_cancel', { id: a.subscription }, 'Subscription'],
      ['billing_customers_update', { id: a.customer, name: 'Tomado' }, 'Customer'],
      ['billing_customers_delete', { id: a.customer }, 'Customer'],
      ['billing_nfes_cancel', { id: a.nfe, reason: REASON }, 'NF-e'],
    ];
    for (const [name, args, what] of tools) {
      expect({ name, ...(await callTool(billing, b.mcp, name, args)) }).toEqual({ name, isError: true, body: notFound(what) });
    }
    // A destructive tool's accepted confirmation spends its nonce before the tool runs (docs/protocol.md §7): bookkeeping of the
    // confirmation, not data of either organization. Everything else is byte for byte as before.
    const { mcp_confirmation_nonces: _spent, ...after } = await snapshot(db);
    const { mcp_confirmation_nonces: _none, ...unchanged } = before;
    expect(after).toEqual(unchanged);
  });
});
