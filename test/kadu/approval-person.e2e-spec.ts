/**
 * Tools that require the person (docs/protocol.md §7): an era-2026 client that
 * declared `elicitation` and accepts every question itself still cannot
 * create a webhook endpoint or change who may run a task: it gets the
 * approval link, and only the signed-in person's Continue lets the call run.
 * Arguments are checked before anyone is asked: another organization's id
 * answers the route's 404, with no approval. The page names what the call
 * acts on, and when the link expires in the reader's own time.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { callTool } from './files-webhooks.support';

jest.setTimeout(60_000);

const PERSON = { email: 'owner@org-a.test', password: 'pw-org-a-owner-0123456789' };
const HOOK_URL = 'http://127.0.0.1:9/hooks/kadu';
type Result = { isError?: boolean; structuredContent?: Record<string, any> };

describe('tools that require the person, with a 2.x client that answers its own elicitations', () => {
  let kadu: KaduTestApp;
  let client: Client;
  let otherOrgEndpoint: string;
  let otherOrgTask: string;
  let taskId: string;
  const asked: string[] = [];

  beforeAll(async () => {
    // The endpoints point at this machine: private addresses allowed, as in the delivery tests.
    kadu = await startKadu({ env: { KADU_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const token = await kadu.token('org-a', 'owner', { email: PERSON.email, clientId: 'chat', clientName: 'Chat client' });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(PERSON.email))!.id, PERSON.password);
    const orgB = await kadu.token('org-b', 'owner');
    otherOrgEndpoint = ((await callTool(kadu, orgB, 'kadu_webhook_endpoints_create', { url: 'http://127.0.0.1:9/b' })).body as { id: string }).id;
    otherOrgTask = ((await callTool(kadu, orgB, 'kadu_tasks_create', { name: 'B task' })).body as { id: string }).id;
    client = new Client(
      { name: 'self-approving', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} }, inputRequired: { maxRounds: 3 } },
    );
    // The client answers every question "yes" on its own: exactly what must not be enough for these tools.
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push((request.params as { message: string }).message);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(kadu.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    taskId = (
      (await client.callTool({ name: 'kadu_tasks_create', arguments: { name: 'Statement', rules: [{ category: 'fees', match: 'tarifa' }] } }))
        .structuredContent as { id: string }
    ).id;
  });
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await kadu?.close();
  });
  beforeEach(() => {
    asked.length = 0;
  });

  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as Result;
  const endpointsOfA = async () =>
    (
      await kadu.db
        .selectFrom('webhook_endpoints')
        .innerJoin('organizations', 'organizations.id', 'webhook_endpoints.organization_id')
        .select('url')
        .where('organizations.slug', '=', 'org-a')
        .execute()
    ).map((row) => row.url);
  /** Organization A's approvals of `tool` (B's own calls made some too). */
  const approvalsOf = async (tool: string) =>
    kadu.db
      .selectFrom('mcp_approvals')
      .innerJoin('organizations', 'organizations.id', 'mcp_approvals.organization_id')
      .select(['mcp_approvals.id', 'mcp_approvals.summary'])
      .where('organizations.slug', '=', 'org-a')
      .where('mcp_approvals.tool', '=', tool)
      .execute();

  it('kadu_webhook_endpoints_create: the self-answered elicitation is never offered; the approval link is, and nothing is created', async () => {
    const result = await call('kadu_webhook_endpoints_create', { url: HOOK_URL });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'approval_required', approval_url: expect.stringContaining('/approvals/') });
    expect(asked).toEqual([]);
    expect(await endpointsOfA()).toEqual([]);
    expect(await approvalsOf('kadu_webhook_endpoints_create')).toEqual([
      {
        id: result.structuredContent!.approval_id,
        // The host only: the path and query of a webhook URL often carry the receiver's token.
        summary: "a new webhook endpoint http://127.0.0.1:9/…, receiving execution.finished: it gets your organization's events",
      },
    ]);
  });

  it('kadu_task_permissions_update: the link too, naming the task and the new lists', async () => {
    const result = await call('kadu_task_permissions_update', { id: taskId, roles: ['viewer'] });
    expect(result.structuredContent?.status).toBe('approval_required');
    expect(asked).toEqual([]);
    const [approval] = await approvalsOf('kadu_task_permissions_update');
    expect(approval.summary).toBe('who may run task "Statement" ("tarifa" → fees): roles viewer; users unchanged');
  });

  it.each([
    ['kadu_webhook_endpoints_delete', () => ({ id: otherOrgEndpoint }), 'Webhook endpoint not found'],
    ['kadu_webhook_endpoints_rotate_secret', () => ({ id: otherOrgEndpoint }), 'Webhook endpoint not found'],
    ['kadu_tasks_delete', () => ({ id: otherOrgTask }), 'Task not found'],
  ])('%s with another organization’s id: the route’s 404 as isError; nobody asked, no approval', async (tool, args, message) => {
    const result = await call(tool, args());
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: JSON.stringify({ message, error: 'Not Found', statusCode: 404 }) }] });
    expect(result.structuredContent).toBeUndefined();
    expect(asked).toEqual([]);
    expect(await approvalsOf(tool)).toEqual([]);
  });

  it('an elicitation-confirmed tool asks in words looked up in the organization', async () => {
    const result = await call('kadu_tasks_delete', { id: taskId, idempotency_key: 'never-mind' });
    expect(asked).toEqual(['Delete a task: task "Statement" ("tarifa" → fees). This cannot be undone. Continue?']);
    expect(result.structuredContent).toMatchObject({ id: taskId });
  });

  describe('the approval page in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(() => browser?.close());

    it('shows what the call acts on and when the link expires in the person’s terms; Continue lets the identical call run once', async () => {
      const secret = 'hook-token-5f2c9a0e';
      const url = `http://127.0.0.1:9/hooks/page?token=${secret}`;
      const link = (await call('kadu_webhook_endpoints_create', { url, description: 'Ledger' })).structuredContent!;
      // Nothing of the URL's path or token in any column of the stored approval; the host stands for it.
      const row = await kadu.db.selectFrom('mcp_approvals').selectAll().where('id', '=', link.approval_id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(JSON.stringify(row)).not.toContain('/hooks/page');
      expect(JSON.parse(row.arguments)).toEqual({ url: 'http://127.0.0.1:9/…', description: 'Ledger' });
      const context = await browser.newContext({ timezoneId: 'America/Sao_Paulo', locale: 'en-GB' });
      const page = await context.newPage();
      await page.goto(link.approval_url);
      await page.fill('input[name=email]', PERSON.email);
      await page.fill('input[name=password]', PERSON.password);
      await page.click('button[type=submit]');
      expect(page.url()).toBe(link.approval_url);
      expect(await page.textContent('#approval-summary')).toBe(
        "a new webhook endpoint http://127.0.0.1:9/…, receiving execution.finished: it gets your organization's events",
      );
      expect(await page.content()).not.toContain(secret);
      expect(await page.content()).toContain('http://127.0.0.1:9/…');
      expect(await page.textContent('#expiry')).toMatch(/^This link expires in (9|10) minutes, at /);
      // The time of day in the browser's zone and locale, from the ISO instant the element carries.
      expect(await page.getAttribute('#expires-at', 'datetime')).toBe(link.expires_at);
      const local = new Date(link.expires_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
      expect(await page.textContent('#expires-at')).toBe(local);
      expect(await page.textContent('#expiry')).not.toContain('UTC');
      await page.click('button[value=continue]');
      await context.close();

      const created = await call('kadu_webhook_endpoints_create', { url, description: 'Ledger' });
      expect(created.isError).toBeFalsy();
      expect(created.structuredContent).toMatchObject({ url, description: 'Ledger', secret: expect.any(String) });
      expect(await endpointsOfA()).toEqual([url]);
      expect(asked).toEqual([]);
    });

    it('without the script the page still says when, in UTC', async () => {
      const link = (await call('kadu_webhook_endpoints_create', { url: 'http://127.0.0.1:9/hooks/noscript' })).structuredContent!;
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(link.approval_url);
      await page.fill('input[name=email]', PERSON.email);
      await page.fill('input[name=password]', PERSON.password);
      await page.click('button[type=submit]');
      expect(await page.textContent('#expires-at')).toBe(`${link.expires_at.slice(11, 16)} UTC`);
      await context.close();
    });
  });
});
