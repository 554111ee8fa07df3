/**
 * `/audit` in headless Chromium on both hosts: a signed-out person is sent
 * to sign in and back; an owner then sees what an agent did (escaped: a
 * client that names itself in HTML shows as text); a viewer is refused.
 */
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { AuditHost, billingHost, clientOf, eventsOf, kaduHost } from './audit.support';

jest.setTimeout(90_000);

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
          expect(rows[1][5]).toBe('Success (200)');
          expect(await page.$$('main img')).toHaveLength(0);
        } else {
          expect(await page.textContent('main')).toContain('Only owners and admins of the organization see what agents did.');
        }
        expect(alerts).toEqual([]);
        await context.close();
      }
    }
  });
});
