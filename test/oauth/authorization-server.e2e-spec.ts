/**
 * Each host as the OAuth 2.1 authorization server of its own MCP endpoint
 * (docs/protocol.md §2), over plain HTTP against the real apps: metadata, Dynamic
 * Client Registration, PKCE, the person's sign-in and consent, tokens on
 * `/mcp`, refresh rotation and reuse, revocation, and every refusal with its
 * RFC error.
 */
import { startBilling, BillingTestApp } from '../billing/billing-app';
import { startKadu, KaduTestApp } from '../support/kadu-app';
import {
  authorizationParams,
  AuthorizationStep,
  Browser,
  mcp,
  OAuthHost,
  pkce,
  register,
  registeredClient,
  REDIRECT_URI,
  tokenRequest,
} from './oauth-client.support';

type Json = Record<string, any>;

const PASSWORD = 'correct horse battery staple';

/** Every case registers its own client from 127.0.0.1; the limit itself is tested on its own app below. */
const MANY_REGISTRATIONS = { OAUTH_REGISTRATIONS_PER_MINUTE: '1000' };

/** One host under test: its app, the person who signs in, its scopes and a read tool. */
interface HostCase {
  name: string;
  start(): Promise<{ host: OAuthHost; close(): Promise<void>; person(role: string, email: string): Promise<void> }>;
  scopes: string[];
  readTool: string;
  readArgs: Record<string, unknown>;
}

const HOSTS: HostCase[] = [
  {
    name: 'Kadu',
    scopes: ['kadu:read', 'kadu:write', 'kadu:run'],
    readTool: 'kadu_organization_get',
    readArgs: {},
    async start() {
      const kadu: KaduTestApp = await startKadu({ env: MANY_REGISTRATIONS });
      return {
        host: { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl },
        close: () => kadu.close(),
        person: async (role, email) => {
          await kadu.token('org-a', role as 'owner', { email });
          await kadu.identity.setPassword((await kadu.identity.findUserByEmail(email))!.id, PASSWORD);
        },
      };
    },
  },
  {
    name: 'Billing',
    scopes: ['billing:read', 'billing:write'],
    readTool: 'billing_customers_list',
    readArgs: {},
    async start() {
      const billing: BillingTestApp = await startBilling(MANY_REGISTRATIONS);
      const issuer = 'http://billing.test';
      return {
        host: { baseUrl: billing.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: billing.mcpUrl },
        close: () => billing.close(),
        person: async (role, email) => {
          await billing.token('org-a', role as 'owner', { email });
          await billing.identity.setPassword((await billing.identity.findUserByEmail(email))!.id, PASSWORD);
        },
      };
    },
  },
];

/** The error of a redirect back to the client. */
function redirectError(step: AuthorizationStep): string | null {
  if (step.kind !== 'redirect') throw new Error(`expected a redirect to the client, got the page (${step.status}): ${step.html.slice(0, 300)}`);
  return step.url.searchParams.get('error');
}

/** The error of the host's error page, shown instead of a redirect to a client the person has not allowed yet. */
function pageError(step: AuthorizationStep): string | null {
  if (step.kind !== 'consent' || step.uid !== '') throw new Error(`expected the host's error page, got ${step.kind === 'redirect' ? step.url.href : step.uid}`);
  return /<p class="error" id="error"><code>([^<]*)<\/code>/.exec(step.html)?.[1] ?? null;
}

function codeOf(step: AuthorizationStep): string {
  if (step.kind !== 'redirect') throw new Error(`expected a redirect to the client, got the page (${step.status})`);
  const code = step.url.searchParams.get('code');
  if (!code) throw new Error(`no code: ${step.url.href}`);
  return code;
}

describe.each(HOSTS)('$name as an OAuth 2.1 authorization server', (hostCase) => {
  let started: Awaited<ReturnType<HostCase['start']>>;
  let host: OAuthHost;
  const owner = 'owner@org-a.test';

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
    await started.person('owner', owner);
  });
  afterAll(() => started?.close());

  /** A signed-in browser, a fresh client and PKCE pair: a code for `scope` after Allow, and the rest to redeem it. */
  async function authorized(scope = hostCase.scopes.join(' '), browser?: Browser) {
    const clientId = await registeredClient(host);
    const person = browser ?? new Browser(host);
    if (!browser) await person.signIn(owner, PASSWORD);
    const { verifier, challenge } = pkce();
    const page = await person.authorize(authorizationParams(host, clientId, challenge, { scope }));
    const code = codeOf(await person.decide(page, 'allow'));
    return { clientId, verifier, code, browser: person };
  }

  async function tokens(clientId: string, code: string, verifier: string): Promise<Json> {
    const res = await tokenRequest(host, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
    expect(res.status).toBe(200);
    return (await res.json()) as Json;
  }

  it('publishes RFC 8414 metadata at both well-known paths, and the protected resource names it', async () => {
    const oauth = await fetch(`${host.baseUrl}/.well-known/oauth-authorization-server`);
    const openid = await fetch(`${host.baseUrl}/.well-known/openid-configuration`);
    expect(oauth.status).toBe(200);
    const metadata = (await oauth.json()) as Json;
    expect(await openid.json()).toEqual(metadata);
    expect(metadata).toMatchObject({
      issuer: host.issuer,
      authorization_endpoint: `${host.issuer}/authorize`,
      token_endpoint: `${host.issuer}/token`,
      registration_endpoint: `${host.issuer}/register`,
      revocation_endpoint: `${host.issuer}/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: hostCase.scopes,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    const resource = (await (await fetch(`${host.baseUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as Json;
    expect(resource).toMatchObject({ resource: host.resource, authorization_servers: [host.issuer] });
  });

  it('registers, asks the person, issues tokens for /mcp, rotates refresh tokens, and revokes the family on reuse', async () => {
    const { clientId, verifier, code } = await authorized(hostCase.scopes.join(' '));
    const first = await tokens(clientId, code, verifier);
    expect(first).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: hostCase.scopes.join(' ') });
    expect(typeof first.refresh_token).toBe('string');

    const list = await mcp(host, first.access_token, 'tools/list');
    expect(list.status).toBe(200);
    const names = ((await list.json()) as Json).result.tools.map((tool: Json) => tool.name);
    expect(names).toContain(hostCase.readTool);
    const call = await mcp(host, first.access_token, 'tools/call', { name: hostCase.readTool, arguments: hostCase.readArgs });
    expect(call.status).toBe(200);
    expect(((await call.json()) as Json).result.isError).not.toBe(true);

    const refreshed = await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as Json;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await mcp(host, second.access_token, 'tools/list')).status).toBe(200);

    // The rotated token again: a thief or a replay. The whole grant goes.
    const replay = await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as Json).error).toBe('invalid_grant');
    expect((await mcp(host, second.access_token, 'tools/list')).status).toBe(401);
    const afterReplay = await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: second.refresh_token, client_id: clientId });
    expect(((await afterReplay.json()) as Json).error).toBe('invalid_grant');
  });

  it('sends access_denied back to the client when the person denies', async () => {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(owner, PASSWORD);
    const page = await browser.authorize(authorizationParams(host, clientId, pkce().challenge));
    expect(page).toMatchObject({ kind: 'consent', status: 200 });
    const back = await browser.decide(page, 'deny');
    expect(redirectError(back)).toBe('access_denied');
    expect(back.kind === 'redirect' && back.url.searchParams.get('state')).toBe('state-1');
  });

  it('sends a person who is not signed in to the sign-in page, then back to the consent page', async () => {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    const query = new URLSearchParams(authorizationParams(host, clientId, pkce().challenge));
    const first = await fetch(`${host.baseUrl}/authorize?${query}`, { redirect: 'manual' });
    browser.jar.store(first);
    const consentUrl = new URL(first.headers.get('location')!, host.issuer);
    const page = await fetch(`${host.baseUrl}${consentUrl.pathname}`, { headers: { Cookie: browser.jar.header() }, redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(consentUrl.pathname)}`);
    const signIn = await fetch(`${host.baseUrl}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: owner, password: PASSWORD, next: consentUrl.pathname }),
      redirect: 'manual',
    });
    expect(signIn.headers.get('location')).toBe(consentUrl.pathname);
  });

  it('refuses a wrong PKCE verifier and a reused code with invalid_grant', async () => {
    const { clientId, verifier, code } = await authorized();
    const wrong = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Json).error).toBe('invalid_grant');

    const again = await authorized();
    await tokens(again.clientId, again.code, again.verifier);
    const reused = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code: again.code,
      code_verifier: again.verifier,
      redirect_uri: REDIRECT_URI,
      client_id: again.clientId,
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as Json).error).toBe('invalid_grant');
    void verifier;
  });

  it('refuses plain or missing PKCE with invalid_request', async () => {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(owner, PASSWORD);
    const { verifier } = pkce();
    const plain = await browser.authorize(authorizationParams(host, clientId, verifier, { code_challenge_method: 'plain' }));
    expect(pageError(plain)).toBe('invalid_request');
    const missing = await browser.authorize(authorizationParams(host, clientId, '', { code_challenge: undefined, code_challenge_method: undefined }));
    expect(pageError(missing)).toBe('invalid_request');
  });

  it('requires the resource and accepts only its own MCP endpoint (invalid_target)', async () => {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(owner, PASSWORD);
    const missing = await browser.authorize(authorizationParams(host, clientId, pkce().challenge, { resource: undefined }));
    expect(pageError(missing)).toBe('invalid_target');
    const foreign = await browser.authorize(authorizationParams(host, clientId, pkce().challenge, { resource: 'https://elsewhere.test/mcp' }));
    expect(pageError(foreign)).toBe('invalid_target');
  });

  it('refuses a consent post without the CSRF token or from another site, and deciding nothing', async () => {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(owner, PASSWORD);
    const page = await browser.authorize(authorizationParams(host, clientId, pkce().challenge));
    if (page.kind !== 'consent') throw new Error('expected the consent page');
    const post = (headers: Record<string, string>, body: Record<string, string>) =>
      fetch(`${host.baseUrl}/oauth/consent/${page.uid}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: browser.jar.header(), ...headers },
        body: new URLSearchParams(body),
        redirect: 'manual',
      });
    expect((await post({}, { decision: 'allow' })).status).toBe(403);
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(page.html)![1];
    expect((await post({ 'Sec-Fetch-Site': 'cross-site' }, { decision: 'allow', csrf_token: csrf })).status).toBe(403);
    // Still undecided: the same page, then Allow works.
    codeOf(await browser.decide(page, 'allow'));
  });

  it('shows a page in the host style, not a redirect, for an unknown client', async () => {
    const query = new URLSearchParams(authorizationParams(host, 'no-such-client', pkce().challenge));
    const res = await fetch(`${host.baseUrl}/authorize?${query}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toContain('invalid_client');
  });

  it('never redirects to an unregistered redirect_uri', async () => {
    const clientId = await registeredClient(host);
    const query = new URLSearchParams(authorizationParams(host, clientId, pkce().challenge, { redirect_uri: 'https://attacker.test/cb' }));
    const res = await fetch(`${host.baseUrl}/authorize?${query}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('invalid_redirect_uri');
  });

  it('registers public clients with https or loopback redirects only', async () => {
    for (const uri of ['https://app.example/cb', 'http://127.0.0.1:1234/cb', 'http://localhost/cb', 'http://[::1]:8080/cb']) {
      expect((await register(host, { redirect_uris: [uri] })).status).toBe(201);
    }
    for (const uri of ['http://app.example/cb', 'com.example.app:/cb']) {
      const res = await register(host, { redirect_uris: [uri] });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toBe('invalid_redirect_uri');
    }
    const confidential = await register(host, { token_endpoint_auth_method: 'client_secret_basic' });
    expect(confidential.status).toBe(400);
    expect(((await confidential.json()) as Json).error).toBe('invalid_client_metadata');
  });

  it('bounds what a registration holds: a 200-character name and 10 redirect URIs of 2,000 characters fit, one more is invalid_client_metadata', async () => {
    const loopback = (n: number, length = 30) => `http://127.0.0.1:${4000 + n}/${'c'.repeat(length - 22)}`;
    const fits = await register(host, { client_name: 'N'.repeat(199) + '😀', redirect_uris: Array.from({ length: 10 }, (_, n) => loopback(n, 2000)) });
    expect(fits.status).toBe(201);
    expect(((await fits.json()) as Json).client_name).toHaveLength(201);
    for (const [metadata, description] of [
      [{ client_name: 'x'.repeat(50_000) }, 'the field client_name must be at most 200 characters'],
      [{ client_name: 'Agent \ud83d' }, 'the field client_name must be well-formed Unicode text (it holds a lone surrogate)'],
      [{ redirect_uris: Array.from({ length: 11 }, (_, n) => loopback(n)) }, 'the field redirect_uris may hold at most 10 entries (got 11)'],
      [{ redirect_uris: Array.from({ length: 1000 }, (_, n) => loopback(n)) }, 'the field redirect_uris may hold at most 10 entries (got 1000)'],
      [{ redirect_uris: [loopback(1, 2001)] }, 'each entry of the field redirect_uris must be well-formed text of at most 2000 characters'],
      [{ client_uri: `https://app.example/${'u'.repeat(2000)}` }, 'the field client_uri must be at most 2000 characters'],
    ] as const) {
      const refused = await register(host, metadata);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as Json;
      expect([body.error, body.error_description]).toEqual(['invalid_client_metadata', expect.stringContaining(description)]);
      expect(body.error_description).toContain(description);
    }
  });

  it('reads a registration back at the registration_client_uri it answered, with its registration access token only (RFC 7592)', async () => {
    const registered = (await (await register(host, { redirect_uris: ['http://127.0.0.1:4321/cb'], client_name: 'Read back' })).json()) as Json;
    const uri = registered.registration_client_uri as string;
    expect(uri).toBe(`${host.issuer}/register/${registered.client_id as string}`);
    const at = `${host.baseUrl}${new URL(uri).pathname}`;
    const read = await fetch(at, { headers: { Authorization: `Bearer ${registered.registration_access_token as string}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as Json).client_name).toBe('Read back');
    const wrong = await fetch(at, { headers: { Authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    expect((await fetch(at, { method: 'DELETE' })).status).toBe(404);
  });

  it('stops accepting a token revoked by RFC 7009 on the next MCP call', async () => {
    const { clientId, verifier, code } = await authorized();
    const { access_token } = await tokens(clientId, code, verifier);
    expect((await mcp(host, access_token, 'tools/list')).status).toBe(200);
    const revoked = await fetch(`${host.baseUrl}/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: access_token, client_id: clientId }),
    });
    expect(revoked.status).toBe(200);
    const after = await mcp(host, access_token, 'tools/list');
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('remembers consent per client, person and scopes, and asks only for the new scopes on step-up', async () => {
    const [readScope, ...more] = hostCase.scopes;
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(owner, PASSWORD);
    const firstPage = await browser.authorize(authorizationParams(host, clientId, pkce().challenge, { scope: readScope }));
    codeOf(await browser.decide(firstPage, 'allow'));

    // Same scope again: straight back with a code, no page.
    codeOf(await browser.authorize(authorizationParams(host, clientId, pkce().challenge, { scope: readScope })));

    const stepUp = await browser.authorize(authorizationParams(host, clientId, pkce().challenge, { scope: hostCase.scopes.join(' ') }));
    expect(stepUp).toMatchObject({ kind: 'consent', status: 200 });
    const listed = [...(stepUp.kind === 'consent' ? stepUp.html : '').matchAll(/data-scope="([^"]+)"/g)].map((match) => match[1]);
    expect(listed).toEqual(more);
    const { verifier, challenge } = pkce();
    const upgraded = codeOf(await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge)), 'allow'));
    const granted = await tokens(clientId, upgraded, verifier);
    expect(granted.scope.split(' ').sort()).toEqual([...hostCase.scopes].sort());
  });
});

/** An access token for `email` on `host`, through registration, sign-in, Allow and the token endpoint. */
async function accessToken(host: OAuthHost, email: string, scope?: string): Promise<string> {
  const clientId = await registeredClient(host);
  const browser = new Browser(host);
  await browser.signIn(email, PASSWORD);
  const { verifier, challenge } = pkce();
  const code = codeOf(await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge, { scope })), 'allow'));
  const res = await tokenRequest(host, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
  return ((await res.json()) as Json).access_token as string;
}

describe('OAuth tokens and the hosts', () => {
  let kadu: KaduTestApp;
  let billing: BillingTestApp;
  let kaduHost: OAuthHost;
  let billingHost: OAuthHost;

  beforeAll(async () => {
    kadu = await startKadu({ env: MANY_REGISTRATIONS });
    billing = await startBilling(MANY_REGISTRATIONS);
    kaduHost = { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl };
    billingHost = { baseUrl: billing.baseUrl, issuer: 'http://billing.test', resource: 'http://billing.test/mcp', mcpUrl: billing.mcpUrl };
    for (const [email, role] of [
      ['owner@org-a.test', 'owner'],
      ['viewer@org-a.test', 'viewer'],
    ] as const) {
      await kadu.token('org-a', role, { email });
      await kadu.identity.setPassword((await kadu.identity.findUserByEmail(email))!.id, PASSWORD);
      await billing.token('org-a', role, { email });
      await billing.identity.setPassword((await billing.identity.findUserByEmail(email))!.id, PASSWORD);
    }
  });
  afterAll(async () => {
    await kadu?.close();
    await billing?.close();
  });

  it("accepts a Kadu OAuth token on Kadu's /mcp only: not on Billing's /mcp, not on Kadu's /api/v1", async () => {
    const token = await accessToken(kaduHost, 'owner@org-a.test');
    expect((await mcp(kaduHost, token, 'tools/list')).status).toBe(200);
    expect((await mcp(billingHost, token, 'tools/list')).status).toBe(401);
    const api = await fetch(`${kadu.baseUrl}/api/v1/organization`, { headers: { Authorization: `Bearer ${token}` } });
    expect(api.status).toBe(401);
  });

  it("still accepts each host's personal tokens on /mcp", async () => {
    expect((await mcp(kaduHost, await kadu.token('org-a', 'owner'), 'tools/list')).status).toBe(200);
    expect((await mcp(billingHost, await billing.token('org-a', 'owner'), 'tools/list')).status).toBe(200);
  });

  it("shows on Billing's tools/list the tools of the consenting person's role", async () => {
    const names = async (email: string) =>
      ((await (await mcp(billingHost, await accessToken(billingHost, email), 'tools/list')).json()) as Json).result.tools.map((tool: Json) => tool.name);
    const ownerTools = await names('owner@org-a.test');
    const viewerTools = await names('viewer@org-a.test');
    expect(ownerTools).toContain('billing_customers_delete');
    expect(viewerTools).toContain('billing_customers_list');
    expect(viewerTools).not.toContain('billing_customers_delete');
    expect(viewerTools.length).toBeLessThan(ownerTools.length);
  });
});

describe('Two replicas of Kadu sharing a database and PUBLIC_URL', () => {
  let first: KaduTestApp;
  let second: KaduTestApp;
  const publicUrl = 'http://kadu.test';
  const on = (kadu: KaduTestApp): OAuthHost => ({ baseUrl: kadu.baseUrl, issuer: publicUrl, resource: `${publicUrl}/mcp`, mcpUrl: kadu.mcpUrl });

  beforeAll(async () => {
    first = await startKadu({ env: { ...MANY_REGISTRATIONS, PUBLIC_URL: publicUrl } });
    second = await startKadu({ databaseUrl: first.databaseUrl, env: { ...MANY_REGISTRATIONS, PUBLIC_URL: publicUrl } });
    await first.token('org-a', 'owner', { email: 'owner@org-a.test' });
    await first.identity.setPassword((await first.identity.findUserByEmail('owner@org-a.test'))!.id, PASSWORD);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('redeems on one replica the code issued on the other, and each accepts and refreshes the tokens', async () => {
    const clientId = await registeredClient(on(first));
    const browser = new Browser(on(first));
    await browser.signIn('owner@org-a.test', PASSWORD);
    const { verifier, challenge } = pkce();
    const code = codeOf(await browser.decide(await browser.authorize(authorizationParams(on(first), clientId, challenge)), 'allow'));
    const issued = await tokenRequest(on(second), {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
    expect(issued.status).toBe(200);
    const tokens = (await issued.json()) as Json;
    expect((await mcp(on(first), tokens.access_token, 'tools/list')).status).toBe(200);
    expect((await mcp(on(second), tokens.access_token, 'tools/list')).status).toBe(200);
    const refreshed = await tokenRequest(on(first), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const replay = await tokenRequest(on(second), { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(((await replay.json()) as Json).error).toBe('invalid_grant');
    expect((await mcp(on(first), ((await refreshed.json()) as Json).access_token, 'tools/list')).status).toBe(401);
  });
});

describe('Dynamic Client Registration limit', () => {
  let kadu: KaduTestApp;
  let replica: KaduTestApp;
  beforeAll(async () => {
    kadu = await startKadu();
    replica = await startKadu({ databaseUrl: kadu.databaseUrl });
  });
  afterAll(async () => {
    await replica?.close();
    await kadu?.close();
  });

  it('allows 10 registrations a minute per address across every replica of one database, then answers 429 with Retry-After on each', async () => {
    const hostOf = (app: KaduTestApp): OAuthHost => ({ baseUrl: app.baseUrl, issuer: app.baseUrl, resource: app.mcpUrl, mcpUrl: app.mcpUrl });
    const replicas = [hostOf(kadu), hostOf(replica)];
    for (let attempt = 0; attempt < 10; attempt++) expect((await register(replicas[attempt % 2])).status).toBe(201);
    for (const host of replicas) {
      const refused = await register(host);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as Json).error).toBe('too_many_requests');
    }
  });
});
