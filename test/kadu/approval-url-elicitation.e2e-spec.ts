/**
 * A person's approval as URL-mode elicitation on a real Kadu: a client that
 * declares `elicitation.url` calls a tool that needs the person
 * (`kadu_webhook_endpoints_create`) and gets `input_required` with the
 * approval page's URL; the person signs in and chooses Continue in Chromium;
 * the retry runs the call once. Driven on the wire as the spec writes it.
 */
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { McpTasksWire } from '../support/mcp-tasks.wire';

jest.setTimeout(60_000);

const PERSON = { email: 'owner@org-a.test', password: 'pw-org-a-owner-0123456789' };
const URL_CLIENT = { elicitation: { form: {}, url: {} } };

describe('URL-mode elicitation of the approval page, approved in Chromium', () => {
  let kadu: KaduTestApp;
  let client: McpTasksWire;
  let browser: Browser;

  beforeAll(async () => {
    kadu = await startKadu({ env: { KADU_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
    const token = await kadu.token('org-a', 'owner', { email: PERSON.email, clientId: 'url-chat', clientName: 'URL chat' });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(PERSON.email))!.id, PERSON.password);
    client = new McpTasksWire(kadu.mcpUrl, token);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await kadu?.close();
  });

  const endpoints = async () => (await kadu.db.selectFrom('webhook_endpoints').select('url').execute()).map((row) => row.url);

  it('asks with the page’s URL, asks again before the person chose, and runs the retry once after Continue', async () => {
    const hook = 'http://127.0.0.1:9/hooks/url-mode';
    const call = (retry: Record<string, unknown> = {}) =>
      client.request('tools/call', { name: 'kadu_webhook_endpoints_create', arguments: { url: hook }, ...retry }, { capabilities: URL_CLIENT });

    const asked = (await call()).body.result!;
    expect(asked.resultType).toBe('input_required');
    const { params } = asked.inputRequests.approve;
    expect(params).toMatchObject({ mode: 'url', url: `${kadu.baseUrl}/approvals/${params.elicitationId}`, message: expect.stringContaining('Continue') });
    expect(params.url).not.toContain('hooks');
    const retry = { inputResponses: { approve: { action: 'accept' } }, requestState: asked.requestState };

    const early = (await call(retry)).body.result!;
    expect(early).toMatchObject({ resultType: 'input_required', inputRequests: { approve: { params: { elicitationId: params.elicitationId } } } });
    expect(await endpoints()).toEqual([]);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(params.url);
    await page.fill('input[name=email]', PERSON.email);
    await page.fill('input[name=password]', PERSON.password);
    await page.click('button[type=submit]');
    expect(page.url()).toBe(params.url);
    // The page names where data would go by its origin; the path (which may carry a token) is never stored or shown.
    const summary = await page.textContent('#approval-summary');
    expect(summary).toContain('http://127.0.0.1:9/…');
    expect(summary).not.toContain('/hooks/url-mode');
    await page.click('button[value=continue]');
    await context.close();

    const ran = (await call({ ...retry, requestState: early.requestState })).body.result!;
    expect(ran).toMatchObject({ resultType: 'complete', structuredContent: { url: hook, secret: expect.any(String) } });
    expect(await endpoints()).toEqual([hook]);
    const again = (await call({ ...retry, requestState: early.requestState })).body.result!;
    expect(again.resultType).toBe('input_required');
    expect(await endpoints()).toEqual([hook]);
  });
});
