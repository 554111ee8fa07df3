/**
 * Every page a person uses on Kadu (sign-in, consent, approval, connected
 * apps, the audit list and one event, the API reference), in Chromium at a
 * laptop's 1280 px and a phone's 390 px: none may overflow sideways (the
 * document no wider than the window, and no element wider than it or past
 * its right edge unless a box that scrolls on its own holds it). Each is
 * saved as a full-page screenshot under the system temp folder, its path
 * printed, for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DatabaseAuditSink } from '@kobana/audit';
import { launchChromium } from '../support/chromium';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { authorizationParams, Browser as OAuthBrowser, OAuthHost, pkce, registeredClient, REDIRECT_URI, tokenRequest } from '../oauth/oauth-client.support';

jest.setTimeout(120_000);

const EMAIL = 'owner.with-a-rather-long-address@pages-organization.example';
const PASSWORD = 'pw-pages-0123456789';
const CLIENT_NAME = 'Quarterly Reconciliation Assistant for Finance';
const WIDTHS = [1280, 390] as const;
const SHOTS = join(tmpdir(), 'kadu-page-screenshots');

/**
 * What sticks out sideways, described: the document wider than the window,
 * or an element wider than it or past its right edge, unless an ancestor
 * scrolls or clips it (a code block with its own scroll bar is fine).
 */
const OVERFLOW = `(() => {
  const width = window.innerWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) found.push('document scrollWidth ' + document.documentElement.scrollWidth + ' > ' + width);
  const held = (element) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible') return true;
    }
    return false;
  };
  for (const element of document.querySelectorAll('body *')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if ((rect.width > width || rect.right > width + 1) && !held(element)) {
      found.push(element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '.' + String(element.className).split(' ').join('.') + ' ' + Math.round(rect.left) + '..' + Math.round(rect.right));
    }
  }
  return found.slice(0, 10);
})()`;

describe('Kadu: every page a person uses, at 1280 and 390 px', () => {
  let kadu: KaduTestApp;
  let host: OAuthHost;
  let browser: Browser;
  let apiToken: string;
  let approvalId: string;
  let eventId: string;
  const saved: string[] = [];

  /** A tool call with the owner's MCP token: its structured result (none for an error answer). */
  async function call(token: string, name: string, args: Record<string, unknown>): Promise<Record<string, string>> {
    const res = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    return ((await res.json()) as { result?: { structuredContent: Record<string, string> } }).result?.structuredContent ?? {};
  }

  /** An MCP client the person allowed through the whole OAuth flow, so the connected-apps page lists it. */
  async function connectClient(name: string): Promise<void> {
    const clientId = await registeredClient(host, { client_name: name, grant_types: ['authorization_code', 'refresh_token'] });
    const { verifier, challenge } = pkce();
    const person = new OAuthBrowser(host);
    await person.signIn(EMAIL, PASSWORD);
    const consent = await person.authorize(authorizationParams(host, clientId, challenge, { scope: 'kadu:read kadu:run' }));
    const back = await person.decide(consent, 'allow');
    if (back.kind !== 'redirect') throw new Error(`no redirect after Allow: ${back.status}`);
    const code = back.url.searchParams.get('code')!;
    const res = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
      resource: host.resource,
    });
    if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    kadu = await startKadu();
    host = { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl };
    const token = await kadu.token('pages-org', 'owner', { email: EMAIL, clientName: CLIENT_NAME });
    apiToken = await kadu.token('pages-org', 'owner', { email: EMAIL, audience: 'api' });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(EMAIL))!.id, PASSWORD);
    await call(token, 'kadu_tasks_list', {});
    await call(token, 'no_such_tool_with_a_long_name_to_see_how_it_wraps', {});
    const task = await call(token, 'kadu_tasks_create', { name: 'Monthly statement of the main checking account, with every fee categorized' });
    approvalId = (await call(token, 'kadu_tasks_delete', { id: task.id })).approval_id;
    await connectClient(CLIENT_NAME);
    await kadu.app.get(DatabaseAuditSink).drain();
    eventId = (await kadu.db.selectFrom('audit_events').select('id').where('tool', '=', 'kadu_tasks_create').executeTakeFirstOrThrow()).id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await kadu?.close();
    if (saved.length) console.log(`Screenshots:\n${saved.join('\n')}`);
  });

  /** A context at `width` px, signed in through the form unless `signedOut`. */
  async function contextAt(width: number, signedOut = false): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 844 } });
    if (signedOut) return context;
    const page = await context.newPage();
    await page.goto(`${kadu.baseUrl}/sign-in`);
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    await page.close();
    return context;
  }

  /** Checks `page` for sideways overflow and saves its screenshot as `<name>-<width>.png`. */
  async function check(page: Page, name: string, width: number): Promise<void> {
    const path = join(SHOTS, `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    saved.push(path);
    expect({ page: name, width, overflow: await page.evaluate(OVERFLOW) }).toEqual({ page: name, width, overflow: [] });
  }

  /** Opens `path` and checks it (after `prepare`, when given). */
  async function visit(name: string, path: string, options: { signedOut?: boolean; status?: number; prepare?: (page: Page) => Promise<void> } = {}) {
    for (const width of WIDTHS) {
      const context = await contextAt(width, options.signedOut);
      const page = await context.newPage();
      const response = await page.goto(`${kadu.baseUrl}${path}`);
      expect(response?.status()).toBe(options.status ?? 200);
      await options.prepare?.(page);
      await check(page, name, width);
      await context.close();
    }
  }

  it('the sign-in page', () => visit('sign-in', '/sign-in?next=%2Faudit', { signedOut: true }));

  it('the consent page', async () => {
    const clientId = await registeredClient(host, { client_name: CLIENT_NAME, redirect_uris: [REDIRECT_URI] });
    const query = new URLSearchParams(authorizationParams(host, clientId, pkce().challenge, { scope: 'kadu:read kadu:run' }) as Record<string, string>);
    await visit('consent', `/authorize?${query}`, {
      prepare: async (page) => expect(new URL(page.url()).pathname).toMatch(/^\/oauth\/consent\//),
    });
  });

  it('the approval page', () => visit('approval', `/approvals/${approvalId}`));

  it('the connected-apps page', () => visit('connected-apps', '/connected-apps'));

  it('the audit page and one event', async () => {
    await visit('audit', '/audit', { prepare: async (page) => expect(await page.$$('tr.audit-event')).not.toHaveLength(0) });
    await visit('audit-event', `/audit/events/${eventId}`);
  });

  it('the API reference, with an operation tried', () =>
    visit('api-reference', '/api/docs', {
      signedOut: true,
      prepare: async (page) => {
        await page.click('button.authorize');
        await page.fill('.auth-container input', apiToken);
        await page.click('.auth-container button.authorize');
        await page.click('button.btn-done');
        const operation = page.locator('#operations-tasks-kadu_tasks_list');
        await operation.locator('.opblock-summary').click();
        await operation.locator('button.try-out__btn').click();
        await operation.locator('button.execute').click();
        await operation.locator('.live-responses-table .response-col_status').first().waitFor();
      },
    }));
});
