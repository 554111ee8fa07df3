/**
 * `/audit` in headless Chromium on both hosts: a signed-out person is sent
 * to sign in (told why) and back; an owner then sees what an agent did
 * (escaped: a client that names itself in HTML shows as text), outcomes in
 * words; a viewer is refused. The filters narrow the list as the REST
 * listing does, paging reaches older events and back, and one event's page
 * shows its stored arguments (without what the tool marks sensitive), its
 * outcome and its time in the reader's zone.
 */
import { Browser, BrowserContext } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { DatabaseAuditSink } from '@kobana/audit';
import { launchChromium } from '../support/chromium';
import { AuditHost, billingHost, clientOf, eventsOf, kaduHost } from './audit.support';

jest.setTimeout(180_000);

const PASSWORD = 'pw-person-0123456789';
const HTML_NAME = '<img src=x onerror=alert(1)>Agent';

describe('the audit page in Chromium', () => {
  let browser: Browser;
  const hosts: AuditHost[] = [];

  beforeAll(async () => {
    hosts.push(await kaduHost(), await billingHost());
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(hosts.map((host) => host.close()));
  });

  it('signs in, shows the organization’s events newest first; a viewer is refused', async () => {
    for (const host of hosts) {
      const ownerEmail = `owner-${host.name.toLowerCase()}@org-a.test`;
      const token = await host.token('org-a', 'owner', { clientId: 'page-client', email: ownerEmail });
      const mcp = (await clientOf(host, token, '2026')).with({ clientInfo: { name: HTML_NAME, version: '1' } });
      await mcp.callTool(host.list.tool, {});
      await mcp.send('tools/call', { name: 'no_such_tool', arguments: {} });
      await eventsOf(host, 'page-client');
      await host.setPassword(ownerEmail, PASSWORD);
      const viewerEmail = `viewer-${host.name.toLowerCase()}@org-a.test`;
      await host.token('org-a', 'viewer', { clientId: 'page-viewer', email: viewerEmail });
      await host.setPassword(viewerEmail, PASSWORD);

      for (const [email, expected] of [
        [ownerEmail, 200],
        [viewerEmail, 403],
      ] as const) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const alerts: string[] = [];
        page.on('dialog', (dialog) => {
          alerts.push(dialog.message());
          void dialog.dismiss();
        });
        await page.goto(`${host.baseUrl}/audit`);
        expect(new URL(page.url()).pathname).toBe('/sign-in');
        expect(await page.textContent('#sign-in-purpose')).toBe('Sign in to read what AI agents did in your organization.');
        await page.fill('input[name=email]', email);
        await page.fill('input[name=password]', PASSWORD);
        const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
        expect(new URL(page.url()).pathname).toBe('/audit');
        expect(response!.status()).toBe(expected);
        if (expected === 200) {
          const rows = await page.$$eval('tr.audit-event', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
          expect(rows.map((row) => row[3])).toEqual(['no_such_tool', host.list.tool]);
          expect(rows[0][1]).toBe(ownerEmail);
          expect(rows[0][2]).toContain(`says it is "${HTML_NAME}"`);
          expect(rows[0][4]).toBe('Unknown tool');
          expect(rows[1][4]).toBe('Allowed');
          expect(rows[0][5]).toBe('Not run: no such tool');
          expect(rows[1][5]).toBe('Success');
          expect(await page.$$('main img')).toHaveLength(0);
        } else {
          expect(await page.textContent('main')).toContain('Only owners and admins of the organization see what agents did.');
        }
        expect(alerts).toEqual([]);
        await context.close();
      }
    }
  });

  /** A browser context signed in as `email` on `host`, in São Paulo's time zone. */
  async function signedIn(host: AuditHost, email: string): Promise<BrowserContext> {
    const context = await browser.newContext({ timezoneId: 'America/Sao_Paulo', locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${host.baseUrl}/sign-in?next=%2Faudit`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    await page.close();
    return context;
  }

  it('filters by tool, person, client, decision, kind and period; pages to older events and back; shows one event in full', async () => {
    for (const host of hosts) {
      const email = `reader-${host.name.toLowerCase()}@org-f.test`;
      const token = await host.token('org-f', 'owner', { clientId: 'filter-client', email });
      const mcp = await clientOf(host, token, '2026');
      await mcp.callTool(host.list.tool, {});
      await mcp.callTool(host.sensitive.tool, host.sensitive.args);
      await mcp.send('tools/call', { name: 'no_such_tool', arguments: {} });
      const [listed, sensitive] = await eventsOf(host, 'filter-client');
      // Older events of another client, written through the sink as the endpoint writes them: more than a page.
      const sink = host.app.get(DatabaseAuditSink);
      const start = Date.parse('2026-01-10T12:00:00.000Z');
      for (let i = 0; i < 55; i++) {
        await sink.write({
          ...listed,
          era: '2026',
          decision: 'allowed',
          id: randomUUID(),
          time: new Date(start + i * 60_000).toISOString(),
          client_id: 'old-client',
          client_name: 'Old client',
          tool: `old_tool_${i % 2}`,
        } as never);
      }
      await sink.drain();
      await host.setPassword(email, PASSWORD);
      const context = await signedIn(host, email);
      const page = await context.newPage();
      const tools = () => page.$$eval('tr.audit-event td.tool', (cells) => cells.map((cell) => cell.textContent));
      const go = async (search: string) => {
        const response = await page.goto(`${host.baseUrl}/audit${search}`);
        return response!.status();
      };

      expect(await go(`?tool=${host.list.tool}`)).toBe(200);
      expect(await tools()).toEqual([host.list.tool]);
      expect(await page.inputValue('input[name=tool]')).toBe(host.list.tool);
      expect(await go('?decision=unknown_tool')).toBe(200);
      expect(await tools()).toEqual(['no_such_tool']);
      expect(await go('?kind=oauth')).toBe(200);
      expect(await page.textContent('#no-events')).toBe('No events match these filters.');
      expect(await go(`?person=${encodeURIComponent(email)}&client=filter-client`)).toBe(200);
      expect(await tools()).toEqual(['no_such_tool', host.sensitive.tool, host.list.tool]);
      expect(await go('?person=nobody%40org-f.test')).toBe(200);
      expect(await page.textContent('#no-events')).toBe('No one with the e-mail "nobody@org-f.test" in your organization.');
      // One UTC day, the last one included: the old events were written on 2026-01-10.
      expect(await go('?from=2026-01-10&to=2026-01-10&tool=old_tool_1')).toBe(200);
      expect(await tools()).toHaveLength(27);
      expect(await go('?from=2026-01-11')).toBe(200);
      expect(await tools()).toEqual(['no_such_tool', host.sensitive.tool, host.list.tool]);
      expect(await go('?from=2026-13-01&decision=nonsense')).toBe(400);
      const problems = await page.$$eval('#filter-problems li', (items) => items.map((item) => item.textContent));
      expect(problems[0]).toBe('From (UTC day) must be a day as YYYY-MM-DD');
      expect(problems[1]).toMatch(/^decision must be one of the following values/);
      expect(await go('?from=2026-02-01&to=2026-01-01')).toBe(400);
      expect(await page.textContent('#filter-problems')).toBe('"since" must be before "until"');

      // The form: choosing a client link keeps the other filters.
      await go('?client=old-client');
      expect(await tools()).toHaveLength(50);
      await Promise.all([page.waitForNavigation(), page.click('#older')]);
      expect(await tools()).toHaveLength(5);
      expect(new URL(page.url()).searchParams.get('client')).toBe('old-client');
      expect(await page.$('#older')).toBeNull();
      await Promise.all([page.waitForNavigation(), page.click('#newest')]);
      expect(await tools()).toHaveLength(50);
      await page.selectOption('select[name=decision]', 'allowed');
      await page.fill('input[name=tool]', 'old_tool_0');
      await Promise.all([page.waitForNavigation(), page.click('#audit-filters button[type=submit]')]);
      expect(new URL(page.url()).searchParams.get('client')).toBe('old-client');
      expect(await tools()).toHaveLength(28);

      // Times on one line each, in the reader's zone, labelled with it.
      const when = page.locator('tr.audit-event time').first();
      const datetime = (await when.getAttribute('datetime'))!;
      const local = new Date(datetime).toLocaleString('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
        timeZone: 'America/Sao_Paulo',
      });
      expect(await when.textContent()).toBe(local);
      expect(await when.evaluate((element) => element.getClientRects().length)).toBe(1);

      // One event in full: the arguments as stored, never the sensitive value.
      await go(`?tool=${host.sensitive.tool}`);
      await Promise.all([page.waitForNavigation(), page.click('tr.audit-event td.details a')]);
      expect(new URL(page.url()).pathname).toBe(`/audit/events/${sensitive.id}`);
      expect(JSON.parse((await page.textContent('#event-arguments'))!)).toEqual(host.sensitive.stored);
      expect(await page.textContent('main')).not.toContain(host.sensitive.secret);
      expect(await page.textContent('#event-person')).toBe(email);
      // Kadu asks to confirm a new webhook endpoint; Billing creates the customer.
      expect(await page.textContent('#event-outcome')).toBe(sensitive.decision === 'confirmation_asked' ? 'Not run: waiting for confirmation' : 'Success');
      expect(await page.textContent('#event-when')).toMatch(/\d{2}:\d{2}:\d{2} GMT-3$/);
      expect((await page.goto(`${host.baseUrl}/audit/events/${randomUUID()}`))!.status()).toBe(404);
      expect((await page.goto(`${host.baseUrl}/audit/events/not-an-id`))!.status()).toBe(404);
      await context.close();
    }
  });
});
