/**
 * A person in headless Chromium on both hosts' sign-in pages (issue 16):
 * signs in and out with the button, reads the throttle's message after too
 * many wrong passwords, and a cross-site form on another origin cannot sign
 * them in (login CSRF). Kadu's approval page shows the sign-out button too.
 */
import { randomUUID } from 'node:crypto';
import { Kysely } from 'kysely';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { BillingDatabase } from '../../apps/billing/database/billing-database.interface';
import { BillingTestApp, startBilling } from '../billing/billing-app';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { HOST_DATABASE as BILLING_DATABASE } from '@kobana/platform';

jest.setTimeout(90_000);

const PASSWORD = 'pw-person-0123456789';

interface Host {
  name: string;
  baseUrl: string;
  cookieName: string;
  email: string;
  clearThrottles(): Promise<void>;
}

describe('sign-in pages in Chromium', () => {
  let kadu: KaduTestApp;
  let billing: BillingTestApp;
  let browser: Browser;
  let kaduToken: string;
  const hosts: Host[] = [];

  beforeAll(async () => {
    kadu = await startKadu();
    kaduToken = await kadu.token('org-a', 'operator', { email: 'operator@org-a.test' });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail('operator@org-a.test'))!.id, PASSWORD);
    billing = await startBilling();
    const owner = await billing.identity.ensureUser(await billing.identity.ensureOrganization('org-a'), 'owner');
    await billing.identity.setPassword(owner.id, PASSWORD);
    const billingDb = billing.app.get<Kysely<BillingDatabase>>(BILLING_DATABASE);
    hosts.push(
      {
        name: 'Kadu',
        baseUrl: kadu.baseUrl,
        cookieName: 'kadu_session',
        email: 'operator@org-a.test',
        clearThrottles: async () => void (await kadu.db.deleteFrom('sign_in_throttles').execute()),
      },
      {
        name: 'Kobana Billing',
        baseUrl: billing.baseUrl,
        cookieName: 'kbill_session',
        email: owner.email,
        clearThrottles: async () => void (await billingDb.deleteFrom('sign_in_throttles').execute()),
      },
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await kadu?.close();
    await billing?.close();
  });
  beforeEach(() => Promise.all(hosts.map((host) => host.clearThrottles())));

  async function fresh(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    return { context, page: await context.newPage() };
  }
  async function submit(page: Page, email: string, password: string): Promise<number> {
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', password);
    const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    return response!.status();
  }

  it('signs in, shows who, signs out with the button: the cookie is gone', async () => {
    for (const host of hosts) {
      const { context, page } = await fresh();
      await page.goto(`${host.baseUrl}/sign-in`);
      expect(await submit(page, host.email, PASSWORD)).toBe(200);
      expect(await page.textContent('#signed-in-as')).toBe(host.email);
      expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([host.cookieName]);
      await Promise.all([page.waitForNavigation(), page.click('#sign-out')]);
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      expect(await page.isVisible('input[name=email]')).toBe(true);
      expect(await context.cookies()).toEqual([]);
      await context.close();
    }
  });

  it('after 5 wrong passwords the page says to wait, even with the right one', async () => {
    for (const host of hosts) {
      const { context, page } = await fresh();
      await page.goto(`${host.baseUrl}/sign-in`);
      for (let i = 0; i < 5; i++) {
        expect(await submit(page, host.email, 'not-the-password-0123')).toBe(401);
        expect(await page.textContent('#error')).toBe('Wrong e-mail or password.');
      }
      expect(await submit(page, host.email, PASSWORD)).toBe(429);
      expect(await page.textContent('#error')).toBe('Too many failed sign-ins for this e-mail or from this network. Try again in a minute.');
      expect(await context.cookies()).toEqual([]);
      await context.close();
    }
  });

  it('a form on another site cannot sign the person in (login CSRF): 403, no cookie', async () => {
    for (const host of hosts) {
      const { context, page } = await fresh();
      await context.route('http://evil.example/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body:
            `<form method="post" action="${host.baseUrl}/sign-in">` +
            `<input name="email" value="${host.email}"><input name="password" value="${PASSWORD}"><button type="submit">Go</button></form>`,
        }),
      );
      await page.goto('http://evil.example/login-csrf');
      const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
      expect(response!.status()).toBe(403);
      expect(await page.textContent('main')).toContain('This form was sent from another site.');
      expect(await context.cookies(host.baseUrl)).toEqual([]);
      await context.close();
    }
  });

  it('Kadu’s approval page signs out too', async () => {
    const call = async (name: string, args: object) => {
      const res = await fetch(kadu.mcpUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${kaduToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      return ((await res.json()) as { result: { structuredContent: { id: string; approval_url: string } } }).result.structuredContent;
    };
    // A task of the caller's organization: a destructive call naming another id is refused before anyone is asked.
    const task = await call('kadu_tasks_create', { name: `Statement ${randomUUID()}`, rules: [{ category: 'fees', match: 'tarifa' }] });
    const url = (await call('kadu_tasks_delete', { id: task.id })).approval_url;
    const { context, page } = await fresh();
    await page.goto(url);
    expect(await submit(page, 'operator@org-a.test', PASSWORD)).toBe(200);
    expect(page.url()).toBe(url);
    expect(await page.textContent('#signed-in-as')).toBe('operator@org-a.test');
    await Promise.all([page.waitForNavigation(), page.click('#sign-out')]);
    await page.goto(url);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await context.close();
  });
});
