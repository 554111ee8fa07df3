/**
 * Confirmation by link (docs/protocol.md §7) end to end: the official
 * `@modelcontextprotocol/sdk` 1.x client (era 2025) calls a destructive tool,
 * and a person decides in headless Chromium on Kadu's approval page, signed
 * in with e-mail and password. Runs are counted as execution rows.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { FilesWriter } from '../../src/files/files-storage.service';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(60_000);

const PERSON = { email: 'operator@org-a.test', password: 'pw-org-a-operator-0123456789' };
const STRANGER = { email: 'owner@org-b.test', password: 'pw-org-b-owner-0123456789' };
type Approval = { status: string; approval_id: string; approval_url: string; expires_at: string };

describe('approval link with SDK 1.x and a person in Chromium', () => {
  let kadu: KaduTestApp;
  let browser: Browser;
  let client: Client;
  let taskId: string;
  let fileId: string;

  beforeAll(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '20' } });
    const token = await kadu.token('org-a', 'operator', { email: PERSON.email, clientId: 'claude-desktop', clientName: 'Claude <Desktop>' });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(PERSON.email))!.id, PERSON.password);
    await kadu.token('org-b', 'owner', { email: STRANGER.email });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(STRANGER.email))!.id, STRANGER.password);
    const orgA = await kadu.identity.ensureOrganization('org-a');
    const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n';
    fileId = (await kadu.app.get(FilesWriter).writeOutput(orgA.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(csv) })).id;
    client = new Client({ name: 'sdk1-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(kadu.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const task = await client.callTool({
      name: 'kadu_tasks_create',
      arguments: { name: 'Statement <b>bold</b>', rules: [{ category: 'fees', match: 'tarifa' }] },
    });
    taskId = (task.structuredContent as { id: string }).id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await browser?.close();
    await kadu?.close();
  });

  const runs = async () =>
    Number(
      (
        await kadu.db
          .selectFrom('executions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const run = (note = 'a') => client.callTool({ name: 'kadu_tasks_run', arguments: { id: taskId, input_file_ids: [fileId], idempotency_key: `k-${note}` } });
  const approvalOf = async (note?: string): Promise<Approval> => (await run(note)).structuredContent as Approval;

  /** A fresh browser context (no cookies) that opens the link and signs in as `who`. */
  async function openSignedIn(url: string, who: typeof PERSON): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(url);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.fill('input[name=email]', who.email);
    await page.fill('input[name=password]', who.password);
    await page.click('button[type=submit]');
    return page;
  }

  it('sign in, see the client and the arguments, Continue: the repeated call runs exactly once', async () => {
    const approval = await approvalOf();
    expect(approval).toMatchObject({ status: 'approval_required', approval_url: `${kadu.baseUrl}/approvals/${approval.approval_id}` });
    expect(await runs()).toBe(0);
    const page = await openSignedIn(approval.approval_url, PERSON);
    expect(page.url()).toBe(approval.approval_url);
    expect(await page.textContent('#client-name')).toBe('Claude <Desktop>');
    expect(await page.textContent('#tool-title')).toBe('Run a task');
    expect(await page.textContent('#arguments')).toContain(taskId);
    expect(await page.textContent('#arguments')).toContain(fileId);
    expect(await page.textContent('#arguments')).toContain('k-a');
    // Before Continue the identical call answers the same link and runs nothing.
    expect(((await run()).structuredContent as Approval).approval_id).toBe(approval.approval_id);
    await page.click('button[value=continue]');
    expect(await page.textContent('#outcome')).toBe('Approved. Claude <Desktop> may now repeat the call; it will run once.');
    const ran = await run();
    expect(ran.isError).toBeFalsy();
    expect(ran.structuredContent).toMatchObject({ task_id: taskId, status: 'queued' });
    expect(await runs()).toBe(1);
    await page.reload();
    expect(await page.textContent('#outcome')).toBe('Done. The action ran once.');
    // The next identical call is a new action: a new approval, nothing runs.
    const next = await approvalOf();
    expect(next.approval_id).not.toBe(approval.approval_id);
    expect(await runs()).toBe(1);
    await page.context().close();
  });

  it('Cancel: the repeated call says so and runs nothing; the next one starts a new approval', async () => {
    const before = await runs();
    const approval = await approvalOf('cancel');
    const page = await openSignedIn(approval.approval_url, PERSON);
    await page.click('button[value=cancel]');
    expect(await page.textContent('#outcome')).toBe('Cancelled. Nothing was done.');
    const cancelled = await run('cancel');
    expect(cancelled.isError).toBe(true);
    expect(cancelled.structuredContent).toBeUndefined();
    expect(cancelled.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^Cancelled, nothing was done: the person chose Cancel on the approval page/) },
    ]);
    expect((await approvalOf('cancel')).approval_id).not.toBe(approval.approval_id);
    expect(await runs()).toBe(before);
    await page.context().close();
  });

  it('expiry: the page offers no decision and the call says it expired', async () => {
    const before = await runs();
    const approval = await approvalOf('expire');
    // Ten minutes pass: the row's expiry moves into the past, as the clock would move it.
    await kadu.db
      .updateTable('mcp_approvals')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', approval.approval_id)
      .execute();
    const page = await openSignedIn(approval.approval_url, PERSON);
    expect(await page.textContent('#outcome')).toBe('This link expired. Nothing was done; the assistant must ask again.');
    expect(await page.locator('button[value=continue]').count()).toBe(0);
    const expired = await run('expire');
    expect(expired).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^Expired, nothing was done/) }] });
    expect(expired.structuredContent).toBeUndefined();
    expect(await runs()).toBe(before);
    await page.context().close();
  });

  it("another organization's user is refused with 404 and cannot decide", async () => {
    const approval = await approvalOf('stranger');
    const page = await openSignedIn(approval.approval_url, STRANGER);
    expect(await page.textContent('main')).toBe('There is no such approval.');
    expect(await page.locator('button[value=continue]').count()).toBe(0);
    const response = await page.goto(approval.approval_url);
    expect(response!.status()).toBe(404);
    expect((await kadu.db.selectFrom('mcp_approvals').select('status').where('id', '=', approval.approval_id).executeTakeFirstOrThrow()).status).toBe(
      'pending',
    );
    await page.context().close();
  });
});
