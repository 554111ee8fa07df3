/**
 * Billing serves Kadu's approval flow (docs/protocol.md §7): an era-2025 destructive
 * call answers `approval_required` with a link to Billing's own page; a
 * person of the organization signs in there (form, cookie, CSRF), Continues,
 * and the repeated call runs exactly once. Another organization sees 404.
 */
import { Kysely } from 'kysely';
import { APPROVAL_DATABASE } from '@kobana/approvals';
import type { McpApprovalsTable } from '@kobana/approvals';
import { BillingTestApp, BILLING_TEST_PUBLIC_URL, Json, rest, rpc2025, rpc2026, startBilling } from './billing-app';

jest.setTimeout(30_000);

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const OWNER = { email: 'owner@org-a.billing.local', password: 'pw-owner-a-0123456789' };
const STRANGER = { email: 'owner@org-b.billing.local', password: 'pw-owner-b-0123456789' };

describe('Billing approval page', () => {
  let billing: BillingTestApp;
  let mcp: string;
  let api: string;

  beforeAll(async () => {
    billing = await startBilling();
    mcp = await billing.token('org-a', 'owner', { clientId: 'claude-desktop', clientName: 'Claude Desktop' });
    api = await billing.token('org-a', 'owner', { audience: 'api' });
    await billing.token('org-b', 'owner');
    // No password yet: nobody signs in as them.
    expect(await billing.identity.verifyPassword(OWNER.email, OWNER.password)).toBeNull();
    for (const [slug, person] of [
      ['org-a', OWNER],
      ['org-b', STRANGER],
    ] as const) {
      const user = await billing.identity.ensureUser(await billing.identity.ensureOrganization(slug), 'owner');
      expect(await billing.identity.setPassword(user.id, person.password)).toBe(true);
    }
  });
  afterAll(() => billing?.close());

  const deleteCall = (id: string) => rpc2025(billing, mcp, 'tools/call', { name: 'billing_customers_delete', arguments: { id } });
  const signIn = (who: { email: string; password: string }, next: string) =>
    fetch(`${billing.baseUrl}/sign-in`, { method: 'POST', headers: FORM, body: new URLSearchParams({ ...who, next }), redirect: 'manual' });
  const page = (path: string, cookie: string) => fetch(`${billing.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });

  it('approval_required, sign in, Continue: the repeated call runs once; another organization gets 404', async () => {
    const created = await rest(billing, api, 'POST', '/customers', { name: 'Padaria', document: '12345678000195', email: 'contas@padaria.test' }, 'c-approval');
    expect(created.status).toBe(201);
    const customer = created.body;
    const first = await deleteCall(customer.id);
    const approval = first.body.result.structuredContent as Json;
    expect(approval).toMatchObject({ status: 'approval_required', approval_url: `${BILLING_TEST_PUBLIC_URL}/approvals/${approval.approval_id}` });
    const path = `/approvals/${approval.approval_id}`;
    expect((await rest(billing, api, 'GET', `/customers/${customer.id}`)).status).toBe(200);

    // Not signed in: the page sends the person to Billing's sign-in, which answers its form.
    const anonymous = await page(path, '');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    const form = await fetch(`${billing.baseUrl}/sign-in?next=${encodeURIComponent(path)}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<h1>Sign in to Kobana Billing</h1>');
    expect((await signIn({ email: OWNER.email, password: 'wrong-password-0123' }, path)).status).toBe(401);

    const stranger = await signIn(STRANGER, path);
    expect(stranger.status).toBe(303);
    expect((await page(path, stranger.headers.get('set-cookie')!.split(';')[0])).status).toBe(404);

    const signedIn = await signIn(OWNER, path);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe(path);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0];
    const html = await (await page(path, cookie)).text();
    expect(html).toContain('<strong id="client-name">Claude Desktop</strong>');
    // The person reads which customer, by name and document, looked up in their organization.
    // The document masked: the person recognises the customer, and the approval never keeps the number whole.
    expect(html).toContain('<strong id="approval-summary">customer &#34;Padaria&#34; (**.345.678/****-**): gone from listings for good');
    expect(html).not.toContain('12345678000195');
    const row = await billing.app
      .get<Kysely<{ mcp_approvals: McpApprovalsTable }>>(APPROVAL_DATABASE)
      .selectFrom('mcp_approvals')
      .selectAll()
      .where('id', '=', approval.approval_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('12345678000195');
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(html)![1];
    expect(
      (
        await fetch(`${billing.baseUrl}${path}`, {
          method: 'POST',
          headers: { ...FORM, Cookie: cookie },
          body: new URLSearchParams({ decision: 'continue' }),
          redirect: 'manual',
        })
      ).status,
    ).toBe(403);
    const decided = await fetch(`${billing.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...FORM, Cookie: cookie },
      body: new URLSearchParams({ csrf_token: csrf, decision: 'continue' }),
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);

    const repeated = await deleteCall(customer.id);
    expect(repeated.body.result.isError).not.toBe(true);
    expect(repeated.body.result.structuredContent).toMatchObject({ id: customer.id });
    expect((await rest(billing, api, 'GET', `/customers/${customer.id}`)).status).toBe(404);
    // Spent: the next identical call never runs twice; the customer is gone, so it answers the route's 404 before asking anyone.
    const again = (await deleteCall(customer.id)).body.result;
    expect(again.isError).toBe(true);
    expect(again.structuredContent).toBeUndefined();
    expect(JSON.parse(again.content[0].text)).toMatchObject({ statusCode: 404, message: 'Customer not found' });
    expect(await page(path, cookie).then((res) => res.text())).toContain('Done. The action ran once.');
  });

  it("a customer's CPF is never stored whole with the approval: its summary, and every other column, show it masked", async () => {
    const cpf = '52998224725';
    const created = await rest(billing, api, 'POST', '/customers', { name: 'Maria', document: cpf, email: 'maria@cliente.test' }, 'c-cpf');
    expect(created.status).toBe(201);
    const approval = (await deleteCall(created.body.id)).body.result.structuredContent as Json;
    expect(approval.status).toBe('approval_required');
    const row = await billing.app
      .get<Kysely<{ mcp_approvals: McpApprovalsTable }>>(APPROVAL_DATABASE)
      .selectFrom('mcp_approvals')
      .selectAll()
      .where('id', '=', approval.approval_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(cpf);
    expect(row.summary).toBe('customer "Maria" (***.982.247-**): gone from listings for good; its invoices and NF-e remain');
  });

  it('era 2026 with elicitation: the client cannot delete a customer by answering its own question', async () => {
    const customer = (await rest(billing, api, 'POST', '/customers', { name: 'Mercearia', document: '11222333000181', email: 'a@mercearia.test' })).body;
    const args = { id: customer.id };
    const first = await rpc2026(billing, mcp, 'tools/call', { name: 'billing_customers_delete', arguments: args });
    expect(first.body.result).toMatchObject({ resultType: 'complete', structuredContent: { status: 'approval_required' } });
    expect(first.body.result.inputRequests).toBeUndefined();
    expect(first.body.result.content[0].text).toContain(`${BILLING_TEST_PUBLIC_URL}/approvals/`);
    // "Accepting" with a state of its own making gets the same link again; nothing is deleted.
    const selfAnswered = await rpc2026(billing, mcp, 'tools/call', {
      name: 'billing_customers_delete',
      arguments: args,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      requestState: 'made.up',
    });
    expect(selfAnswered.body.result.structuredContent).toMatchObject({
      status: 'approval_required',
      approval_id: first.body.result.structuredContent.approval_id,
    });
    expect((await rest(billing, api, 'GET', `/customers/${customer.id}`)).status).toBe(200);
  });

  it("another organization's customer: the route's 404 as isError, and no approval is created", async () => {
    const apiB = await billing.token('org-b', 'owner', { audience: 'api' });
    const theirs = (await rest(billing, apiB, 'POST', '/customers', { name: 'Outra', document: '11444777000161', email: 'b@outra.test' })).body;
    for (const send of [rpc2025, rpc2026]) {
      const response = await send(billing, mcp, 'tools/call', { name: 'billing_customers_delete', arguments: { id: theirs.id } });
      expect(response.body.result).toMatchObject({ isError: true, content: [{ type: 'text' }] });
      expect(response.body.result.structuredContent).toBeUndefined();
      expect(JSON.parse(response.body.result.content[0].text)).toEqual({ statusCode: 404, error: 'Not Found', message: 'Customer not found' });
    }
    const db = billing.app.get<Kysely<{ mcp_approvals: McpApprovalsTable }>>(APPROVAL_DATABASE);
    expect(await db.selectFrom('mcp_approvals').select('id').where('arguments', 'like', `%${theirs.id}%`).execute()).toEqual([]);
    expect((await rest(billing, apiB, 'GET', `/customers/${theirs.id}`)).status).toBe(200);
  });
});
