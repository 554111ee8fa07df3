/**
 * The authorization server's cookies on an https `PUBLIC_URL`, on both hosts
 * (docs/security-model.md, "Cookie prefixes"): the session cookie is
 * `__Host-` (Secure, Path=/, no Domain), the interaction and resume cookies,
 * which the library scopes to their own paths, `__Secure-`; and a whole
 * authorization still works with them.
 */
import { startBilling } from '../billing/billing-app';
import { startKadu } from '../support/kadu-app';
import { authorizationParams, Browser, OAuthHost, pkce, registeredClient } from './oauth-client.support';

const PASSWORD = 'correct horse battery staple';
const OWNER = 'owner@org-a.test';
const ENV = { OAUTH_REGISTRATIONS_PER_MINUTE: '1000' };

const HOSTS: Array<{ name: string; prefix: string; start(): Promise<{ host: OAuthHost; close(): Promise<void> }> }> = [
  {
    name: 'Kadu',
    prefix: 'kadu',
    async start() {
      const issuer = 'https://kadu.test';
      const kadu = await startKadu({ env: { ...ENV, PUBLIC_URL: issuer } });
      await kadu.token('org-a', 'owner', { email: OWNER });
      await kadu.identity.setPassword((await kadu.identity.findUserByEmail(OWNER))!.id, PASSWORD);
      return { host: { baseUrl: kadu.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: kadu.mcpUrl }, close: () => kadu.close() };
    },
  },
  {
    name: 'Billing',
    prefix: 'kbill',
    async start() {
      const issuer = 'https://billing.test';
      const billing = await startBilling({ ...ENV, PUBLIC_URL: issuer });
      await billing.token('org-a', 'owner', { email: OWNER });
      await billing.identity.setPassword((await billing.identity.findUserByEmail(OWNER))!.id, PASSWORD);
      return { host: { baseUrl: billing.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: billing.mcpUrl }, close: () => billing.close() };
    },
  },
];

describe.each(HOSTS)('$name on https: the authorization server’s cookie prefixes', (hostCase) => {
  let started: Awaited<ReturnType<(typeof HOSTS)[number]['start']>>;

  beforeAll(async () => {
    started = await hostCase.start();
  });
  afterAll(() => started?.close());

  it('interaction and resume cookies are __Secure-, the session cookie __Host-, and Allow still ends at the client with a code', async () => {
    const { host } = started;
    const clientId = await registeredClient(host);
    const query = new URLSearchParams(authorizationParams(host, clientId, pkce().challenge) as Record<string, string>);
    const first = await fetch(`${host.baseUrl}/authorize?${query}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const set = first.headers.getSetCookie().filter((line) => line.includes('_oauth_'));
    const named = (name: string) => set.find((line) => line.startsWith(`${name}=`));
    for (const name of [`__Secure-${hostCase.prefix}_oauth_interaction`, `__Secure-${hostCase.prefix}_oauth_resume`]) {
      expect(named(name)).toMatch(/;\s*secure/i);
    }
    expect(set.some((line) => /^[a-z]/.test(line))).toBe(false);

    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const page = await browser.authorize(authorizationParams(host, clientId, pkce().challenge));
    if (page.kind !== 'consent') throw new Error('expected the consent page');
    const consentPost = await fetch(`${host.baseUrl}/oauth/consent/${page.uid}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: browser.jar.header() },
      body: new URLSearchParams({ csrf_token: /name="csrf_token" value="([^"]*)"/.exec(page.html)![1], decision: 'allow' }),
      redirect: 'manual',
    });
    browser.jar.store(consentPost);
    const resumed = await fetch(new URL(new URL(consentPost.headers.get('location')!, host.issuer).pathname, host.baseUrl), {
      headers: { Cookie: browser.jar.header() },
      redirect: 'manual',
    });
    const session = resumed.headers.getSetCookie().find((line) => line.startsWith(`__Host-${hostCase.prefix}_oauth_session=`));
    expect(session).toMatch(/;\s*path=\//i);
    expect(session).toMatch(/;\s*secure/i);
    expect(session).not.toMatch(/;\s*domain=/i);
    expect(new URL(resumed.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });
});
