/**
 * Where an authorization error goes, on both hosts (docs/security-model.md,
 * "Authorization errors and the redirect URI"): before a person has trusted
 * the client, on the host's error page, never to the registered
 * `redirect_uri` (RFC 9700 §4.11.2: anyone registers any https URL); after
 * the consent page or for a client the browser's person already allowed,
 * back to the client as RFC 6749 says. `form_post` is never served.
 */
import { authorizationRequest } from './manual-flow.support';
import { authorizationParams, Browser, OAuthHost, pkce, registeredClient } from './oauth-client.support';
import { kaduInChromium } from './oauth-world.support';
import { OAUTH_OWNER_HOSTS as HOSTS, OWNER, PASSWORD, StartedOAuthHost as Started } from './owner-hosts.support';

jest.setTimeout(60_000);

const EVIL = 'https://evil.example/landing';

/** A GET of `/authorize` with `params` (repeated keys as arrays), no redirect followed. */
async function authorize(
  host: OAuthHost,
  params: Record<string, string | string[] | undefined>,
  cookie = '',
): Promise<{ status: number; location: string | null; body: string }> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const item of value === undefined ? [] : [value].flat()) query.append(key, item);
  const res = await fetch(`${host.baseUrl}/authorize?${query}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe.each(HOSTS)('$name: authorization errors and the redirect URI', (hostCase) => {
  let started: Started;
  let host: OAuthHost;
  let evilClient: string;

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
    evilClient = await registeredClient(host, { redirect_uris: [EVIL], client_name: 'Landing' });
  });
  afterAll(() => started?.close());

  const evilParams = (extra: Record<string, string | string[] | undefined>) => ({
    ...authorizationParams(host, evilClient, pkce().challenge, { redirect_uri: EVIL }),
    ...extra,
  });

  it.each<[string, Record<string, string | string[] | undefined>, string]>([
    ['missing PKCE', { code_challenge: undefined, code_challenge_method: undefined }, 'invalid_request'],
    ['a foreign resource', { resource: 'https://elsewhere.test/mcp' }, 'invalid_target'],
    ['no resource', { resource: undefined }, 'invalid_target'],
    ['prompt=none', { prompt: 'none' }, 'interaction_required'],
    ['response_mode=web_message', { response_mode: 'web_message' }, 'invalid_request'],
    ['response_mode=fragment', { response_mode: 'fragment' }, 'invalid_request'],
  ])('%s from nobody signed in: the host’s error page, no redirect to the registered URI', async (_label, extra, error) => {
    const answer = await authorize(host, evilParams(extra));
    expect(answer.location).toBeNull();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toContain(`<code>${error}</code>`);
    expect(answer.body).not.toContain(EVIL);
  });

  it('two resource parameters: invalid_target on the error page, before any consent page', async () => {
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const answer = await authorize(host, evilParams({ resource: [host.resource, host.resource] }), browser.jar.header());
    expect(answer.location).toBeNull();
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<code>invalid_target</code>');
  });

  it('response_mode=form_post: no auto-submitting page, the error page with the host’s CSP', async () => {
    const query = new URLSearchParams(evilParams({ response_mode: 'form_post', prompt: 'none' }) as Record<string, string>);
    const res = await fetch(`${host.baseUrl}/authorize?${query}`, { redirect: 'manual' });
    const body = await res.text();
    expect(res.status).toBe(400);
    expect(body).not.toContain('<form');
    expect(body).not.toContain(EVIL);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const metadata = (await (await fetch(`${host.baseUrl}/.well-known/oauth-authorization-server`)).json()) as { response_modes_supported: string[] };
    expect(metadata.response_modes_supported).toEqual(['query']);
  });

  it('after the person allowed the client in this browser, prompt=none goes back to the client with its error', async () => {
    const redirect = 'http://127.0.0.1:8976/callback';
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const allowed = await browser.decide(await browser.authorize(authorizationParams(host, clientId, pkce().challenge)), 'allow');
    expect(allowed.kind).toBe('redirect');
    const again = await authorize(host, { ...authorizationParams(host, clientId, pkce().challenge), prompt: 'none' }, browser.jar.header());
    expect(again.status).toBe(303);
    const back = new URL(again.location!);
    expect(`${back.origin}${back.pathname}`).toBe(redirect);
    // The host confirms the person at every authorization, which prompt=none forbids.
    expect(back.searchParams.get('error')).toBe('interaction_required');
    expect(back.searchParams.get('state')).toBe('state-1');
    // Another client, in the same browser, never allowed: the page.
    const other = await authorize(host, { ...evilParams({}), prompt: 'none' }, browser.jar.header());
    expect(other.location).toBeNull();
    expect(other.status).toBe(400);
    expect(other.body).toContain('<code>interaction_required</code>');
  });

  it('Deny on the consent page still goes back to the client with access_denied', async () => {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const denied = await browser.decide(await browser.authorize(authorizationParams(host, clientId, pkce().challenge)), 'deny');
    if (denied.kind !== 'redirect') throw new Error('expected the redirect');
    expect(denied.url.searchParams.get('error')).toBe('access_denied');
  });
});

describe('Kadu, in Chromium: an unconsented client’s error stays on the host', () => {
  const scene = kaduInChromium('errors-org');

  it('missing PKCE or form_post: the browser stays on the error page and the redirect URI is never reached', async () => {
    const clientId = scene.world.publishClient('errors', 'Errors Agent');
    const request = authorizationRequest(scene.server, { clientId, redirectUri: scene.world.catcher.redirectUri, resource: scene.kadu.mcpUrl });
    const withoutPkce = new URL(request.url);
    withoutPkce.searchParams.delete('code_challenge');
    const formPost = new URL(request.url);
    formPost.searchParams.set('response_mode', 'form_post');
    for (const url of [withoutPkce, formPost]) {
      const stopped = await scene.world.browser.open(url);
      expect(stopped.status).toBe(400);
      expect(new URL(stopped.url).pathname).toBe('/authorize');
      expect(stopped.text).toContain('invalid_request');
    }
    expect(scene.world.catcher.received.some((query) => query.get('state') === request.state)).toBe(false);
    // The same client, asked properly, still works end to end.
    const { callback } = await scene.world.browser.authorize(request.url, scene.person, scene.world.catcher, 'allow');
    expect(callback.get('code')).toBeTruthy();
  });
});
