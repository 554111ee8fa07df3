/**
 * The connected-apps page seen from outside, the same cases on every host:
 * only a signed-in person's own live grants, newest first; Revoke takes the
 * grant and every token of it; a foreign, unknown or expired id is a 404 that
 * changes nothing; the form is same-origin and CSRF-checked.
 */
import { Kysely } from 'kysely';
import type { ConnectedAppsDatabase } from '@kobana/oauth';
import { seedConnectedApp } from './connected-apps.seed';

/** What the cases need of a running host. */
export interface ConnectedAppsHost {
  baseUrl: string;
  /** The host's MCP resource URL (what a grant's `resources` names). */
  resource: string;
  /** Scopes of the host's MCP resource, space-separated, as a grant names them. */
  scope: string;
  db: Kysely<ConnectedAppsDatabase>;
  /** Creates a person of `organization` with this e-mail and password; answers their user id. */
  person(organization: string, email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const PASSWORD = 'pw-connected-0123456789';

/** Registers the cases under `title`, on a host started once by `start`. */
export function describeConnectedAppsPage(title: string, start: () => Promise<ConnectedAppsHost>): void {
  describe(title, () => {
    let host: ConnectedAppsHost;
    let ana: string;
    let bia: string;
    beforeAll(async () => {
      host = await start();
      ana = await host.person('acme', 'ana@acme.test', PASSWORD);
      bia = await host.person('acme', 'bia@acme.test', PASSWORD);
    });
    afterAll(() => host?.close());

    const signIn = async (email: string): Promise<string> => {
      const res = await fetch(`${host.baseUrl}/sign-in`, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ email, password: PASSWORD, next: '/connected-apps' }),
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/connected-apps');
      return res.headers.get('set-cookie')!.split(';')[0];
    };
    const page = (cookie: string) => fetch(`${host.baseUrl}/connected-apps`, { headers: { Cookie: cookie }, redirect: 'manual' });
    const csrfOf = async (cookie: string) => /name="csrf_token" value="([^"]*)"/.exec(await (await page(cookie)).text())![1];
    const revoke = (id: string, cookie: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${host.baseUrl}/connected-apps/${encodeURIComponent(id)}/revoke`, {
        method: 'POST',
        headers: { ...FORM, Cookie: cookie, ...headers },
        body: new URLSearchParams(body),
        redirect: 'manual',
      });
    const records = (grantId: string) => host.db.selectFrom('oauth_records').select('model').where('grant_id', '=', grantId).execute();

    it('without a session, sends the person to sign in and back', async () => {
      for (const cookie of ['', 'kadu_session=forged.value; kbill_session=forged.value']) {
        const res = await page(cookie);
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/sign-in?next=%2Fconnected-apps');
      }
      const form = await (await fetch(`${host.baseUrl}/sign-in?next=%2Fconnected-apps`)).text();
      expect(form).toContain('<input type="hidden" name="next" value="/connected-apps">');
    });

    it("lists only the person's own live apps, newest first, with name, scopes and dates, and the safe headers", async () => {
      const older = await seedConnectedApp(host.db, {
        accountId: ana,
        clientName: 'Older <b>tool</b>',
        resource: host.resource,
        scope: host.scope,
        ageMs: 3_600_000,
      });
      const newer = await seedConnectedApp(host.db, { accountId: ana, clientName: 'Claude', resource: host.resource, scope: host.scope, ageMs: 60_000 });
      const expired = await seedConnectedApp(host.db, {
        accountId: ana,
        clientName: 'Expired',
        resource: host.resource,
        scope: host.scope,
        expiresInMs: -1000,
      });
      const foreign = await seedConnectedApp(host.db, { accountId: bia, clientName: 'Bia app', resource: host.resource, scope: host.scope });

      const res = await page(await signIn('ana@acme.test'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      const ids = [...html.matchAll(/data-grant-id="([^"]+)"/g)].map((match) => match[1]);
      expect(ids.slice(0, 2)).toEqual([newer.grantId, older.grantId]);
      expect(ids).not.toContain(expired.grantId);
      expect(ids).not.toContain(foreign.grantId);
      expect(html).toContain('Older &#60;b&#62;tool&#60;/b&#62;');
      expect(html).toContain(`<dd>${host.scope}</dd>`);
      expect(html).toContain(`action="/connected-apps/${newer.grantId}/revoke"`);
      expect(html).toContain('id="signed-in-as">ana@acme.test<');
    });

    it('Revoke deletes the grant with every token and code of it, then shows the list without it', async () => {
      const app = await seedConnectedApp(host.db, { accountId: ana, clientName: 'To revoke', resource: host.resource, scope: host.scope });
      expect((await records(app.grantId)).length).toBeGreaterThan(1);
      const cookie = await signIn('ana@acme.test');
      const res = await revoke(app.grantId, cookie, { csrf_token: await csrfOf(cookie) });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/connected-apps');
      expect(await records(app.grantId)).toEqual([]);
      expect(await (await page(cookie)).text()).not.toContain(app.grantId);
    });

    it("refuses with 404, changing nothing, another person's grant, an unknown or expired id", async () => {
      const foreign = await seedConnectedApp(host.db, { accountId: bia, clientName: 'Not yours', resource: host.resource, scope: host.scope });
      const expired = await seedConnectedApp(host.db, {
        accountId: ana,
        clientName: 'Expired',
        resource: host.resource,
        scope: host.scope,
        expiresInMs: -1000,
      });
      const cookie = await signIn('ana@acme.test');
      const csrf = await csrfOf(cookie);
      for (const id of [foreign.grantId, expired.grantId, 'unknown-grant-id-000000000', 'x'.repeat(3000)]) {
        const res = await revoke(id, cookie, { csrf_token: csrf });
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('You have no connected app with this id.');
      }
      expect((await records(foreign.grantId)).length).toBeGreaterThan(1);
      expect((await records(expired.grantId)).length).toBeGreaterThan(1);
    });

    it('refuses a wrong or missing CSRF token (403), a cross-site post (403), a non-form body (415), and no session (303 to sign in)', async () => {
      const app = await seedConnectedApp(host.db, { accountId: ana, clientName: 'Kept', resource: host.resource, scope: host.scope });
      const cookie = await signIn('ana@acme.test');
      const csrf = await csrfOf(cookie);
      const otherCsrf = await csrfOf(await signIn('ana@acme.test'));
      expect((await revoke(app.grantId, cookie, {})).status).toBe(403);
      expect((await revoke(app.grantId, cookie, { csrf_token: otherCsrf })).status).toBe(403);
      expect((await revoke(app.grantId, cookie, { csrf_token: csrf }, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
      const json = await fetch(`${host.baseUrl}/connected-apps/${app.grantId}/revoke`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ csrf_token: csrf }),
      });
      expect(json.status).toBe(415);
      const anonymous = await revoke(app.grantId, '', { csrf_token: csrf });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toBe('/sign-in?next=%2Fconnected-apps');
      expect((await records(app.grantId)).length).toBeGreaterThan(1);
    });

    it('the signed-in sign-in page links to the connected apps', async () => {
      const html = await (await fetch(`${host.baseUrl}/sign-in`, { headers: { Cookie: await signIn('ana@acme.test') } })).text();
      expect(html).toContain('<a href="/connected-apps" id="connected-apps-link">');
    });
  });
}
