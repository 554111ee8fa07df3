/**
 * What the consent page says of where the answer goes, on both hosts
 * (docs/security-model.md, "The consent page names the redirect host" and
 * "Bidirectional controls in client names"): every page names the redirect
 * host; a loopback redirect carries the warning that access goes to a
 * program on this computer; a client name's bidirectional controls are shown
 * neutralized, on the consent page and on the connected-apps page.
 */
import { authorizationRequest } from './manual-flow.support';
import { authorizationParams, Browser, OAuthHost, pkce, registeredClient } from './oauth-client.support';
import { kaduInChromium } from './oauth-world.support';
import { OAUTH_OWNER_HOSTS as HOSTS, OWNER, PASSWORD, StartedOAuthHost as Started } from './owner-hosts.support';

jest.setTimeout(60_000);

/** Reads "Trusted" then, right to left, "evil.app" reversed: a name that lies about itself. */
const BIDI_NAME = 'Trusted\u202Eppa.live\u202C Agent';

const part = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? null;

describe.each(HOSTS)('$name: the consent page and where the answer goes', (hostCase) => {
  let started: Started;
  let host: OAuthHost;

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
  });
  afterAll(() => started?.close());

  async function consentPage(
    redirectUri: string,
    clientName = 'Test Agent',
  ): Promise<{ html: string; browser: Browser; step: Awaited<ReturnType<Browser['authorize']>> }> {
    const clientId = await registeredClient(host, { redirect_uris: [redirectUri], client_name: clientName });
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const step = await browser.authorize(authorizationParams(host, clientId, pkce().challenge, { redirect_uri: redirectUri }));
    if (step.kind !== 'consent' || !step.uid) throw new Error('expected the consent page');
    return { html: step.html, browser, step };
  }

  it('an https redirect: the page names its host, and no loopback warning', async () => {
    const { html } = await consentPage('https://app.example:8443/back');
    expect(part(html, 'client-redirect')).toContain('app.example:8443');
    expect(html).not.toContain('id="loopback-warning"');
  });

  it('a loopback redirect: the page names it and warns that access goes to a program on this computer', async () => {
    const { html } = await consentPage('http://127.0.0.1:8976/callback');
    expect(part(html, 'client-redirect')).toContain('127.0.0.1:8976');
    expect(part(html, 'loopback-warning')).toMatch(/this computer/);
  });

  it('a client name with bidirectional controls: shown neutralized on the consent and connected-apps pages', async () => {
    const { html, browser, step } = await consentPage('http://127.0.0.1:8976/callback', BIDI_NAME);
    expect(part(html, 'client-name')).toBe('Trusted\uFFFDppa.live\uFFFD Agent');
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect((await browser.decide(step, 'allow')).kind).toBe('redirect');
    const apps = await fetch(`${host.baseUrl}/connected-apps`, { headers: { Cookie: browser.jar.header() } });
    const appsHtml = await apps.text();
    expect(apps.status).toBe(200);
    expect(appsHtml).toContain('Trusted\uFFFDppa.live\uFFFD Agent');
    expect(appsHtml).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('Kadu, in Chromium: a metadata-document client with a loopback redirect', () => {
  const scene = kaduInChromium('consent-org');

  it('the person reads where the document is, where the answer goes, the loopback warning, and the name neutralized', async () => {
    const clientId = scene.world.publishClient('bidi', BIDI_NAME);
    const request = authorizationRequest(scene.server, { clientId, redirectUri: scene.world.catcher.redirectUri, resource: scene.kadu.mcpUrl });
    const { consent, callback } = await scene.world.browser.authorize(request.url, scene.person, scene.world.catcher, 'allow');
    expect(consent.origin).toContain(new URL(clientId).host);
    expect(consent.redirect).toContain(new URL(scene.world.catcher.redirectUri).host);
    expect(consent.loopbackWarning).toMatch(/program on this computer/);
    expect(consent.clientName).toBe('Trusted\uFFFDppa.live\uFFFD Agent');
    expect(callback.get('code')).toBeTruthy();
  });
});
