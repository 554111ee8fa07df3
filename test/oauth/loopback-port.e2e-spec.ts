/**
 * Any port for a loopback redirect URI (RFC 8252 §7.3), for the clients the
 * MCP spec expects to be native (docs/security-model.md, "Any port for a
 * loopback redirect"): a registered client that says `native`, or says
 * nothing and redirects only to loopback http; a metadata-document client
 * likewise. A client that says `web` keeps exact matching, and only the port
 * may differ: never the host, the path or the scheme.
 */
import { authorizationRequest, redeemCode } from './manual-flow.support';
import { authorizationParams, Browser, OAuthHost, pkce, register, tokenRequest } from './oauth-client.support';
import { kaduInChromium } from './oauth-world.support';
import { OAUTH_OWNER_HOSTS as HOSTS, OWNER, PASSWORD, StartedOAuthHost as Started } from './owner-hosts.support';

jest.setTimeout(60_000);

type Json = Record<string, any>;

const REGISTERED = 'http://127.0.0.1:8976/callback';
const OTHER_PORT = 'http://127.0.0.1:51234/callback';

describe.each(HOSTS)('$name: the port of a loopback redirect', (hostCase) => {
  let started: Started;
  let host: OAuthHost;

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
  });
  afterAll(() => started?.close());

  async function registered(metadata: Record<string, unknown>): Promise<Json> {
    const res = await register(host, { redirect_uris: [REGISTERED], ...metadata });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  }

  async function authorizeAt(clientId: string, redirectUri: string) {
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const { verifier, challenge } = pkce();
    return { browser, verifier, step: await browser.authorize(authorizationParams(host, clientId, challenge, { redirect_uri: redirectUri })) };
  }

  it('a client registered without application_type, redirecting to loopback: native, and a code comes back on another port', async () => {
    const client = await registered({});
    expect(client.application_type).toBe('native');
    const { browser, verifier, step } = await authorizeAt(client.client_id, OTHER_PORT);
    const back = await browser.decide(step, 'allow');
    if (back.kind !== 'redirect') throw new Error('expected the redirect');
    expect(`${back.url.origin}${back.url.pathname}`).toBe(OTHER_PORT);
    const code = back.url.searchParams.get('code')!;
    const tokens = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: OTHER_PORT,
      client_id: client.client_id,
    });
    expect(tokens.status).toBe(200);
  });

  it('a client that says native: any port too', async () => {
    const client = await registered({ application_type: 'native' });
    const { step } = await authorizeAt(client.client_id, 'http://127.0.0.1:40000/callback');
    expect(step).toMatchObject({ kind: 'consent', status: 200 });
  });

  it('a client that says web keeps exact matching: another port is invalid_redirect_uri on the error page', async () => {
    const client = await registered({ application_type: 'web' });
    expect(client.application_type).toBe('web');
    const { step } = await authorizeAt(client.client_id, OTHER_PORT);
    expect(step.kind).toBe('consent');
    expect(step.kind === 'consent' && step.html).toContain('invalid_redirect_uri');
  });

  it.each(['http://127.0.0.1:51234/elsewhere', 'http://localhost:8976/callback', 'http://[::1]:8976/callback', 'https://127.0.0.1:8976/callback'])(
    'only the port may differ: %s is refused',
    async (uri) => {
      const client = await registered({});
      const { step } = await authorizeAt(client.client_id, uri);
      expect(step.kind === 'consent' && step.html).toContain('invalid_redirect_uri');
    },
  );

  it('a client with an https redirect beside a loopback one stays web', async () => {
    expect((await registered({ redirect_uris: [REGISTERED, 'https://app.example/cb'] })).application_type).toBe('web');
  });
});

describe('Kadu, in Chromium: metadata-document clients and the loopback port', () => {
  const scene = kaduInChromium('ports-org');

  /** The catcher's redirect URI with another port: what a document published before the program chose its port. */
  const publishedOnAnotherPort = () => {
    const url = new URL(scene.world.catcher.redirectUri);
    url.port = String(Number(url.port) === 65535 ? 65534 : Number(url.port) + 1);
    return url.href;
  };

  it.each([
    ['declaring native', { application_type: 'native' }],
    ['declaring nothing', {}],
  ])('a document %s: the code reaches the program on the port it listens on', async (label, extra) => {
    const clientId = scene.world.publishClient(`native-${label.replace(/\W/g, '')}`, 'Native Agent', { ...extra, redirect_uris: [publishedOnAnotherPort()] });
    const client = { clientId, redirectUri: scene.world.catcher.redirectUri, resource: scene.kadu.mcpUrl };
    const request = authorizationRequest(scene.server, client);
    const { callback } = await scene.world.browser.authorize(request.url, scene.person, scene.world.catcher, 'allow');
    const tokens = await redeemCode(scene.server.token_endpoint, request, callback.get('code')!, client);
    expect(tokens.status).toBe(200);
  });

  it('a document declaring web: another port is refused on the error page', async () => {
    const clientId = scene.world.publishClient('web-port', 'Web Agent', { application_type: 'web', redirect_uris: [publishedOnAnotherPort()] });
    const request = authorizationRequest(scene.server, { clientId, redirectUri: scene.world.catcher.redirectUri, resource: scene.kadu.mcpUrl });
    const stopped = await scene.world.browser.open(request.url);
    expect(stopped.status).toBe(400);
    expect(stopped.text).toContain('invalid_redirect_uri');
  });
});
