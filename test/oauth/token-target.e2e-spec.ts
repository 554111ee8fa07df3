/**
 * The `resource` of a token request on both hosts (docs/security-model.md,
 * "Refresh with a wrong resource" and "Two resource parameters"): one
 * refused for its target leaves the code or refresh token unspent, so the
 * client's corrected retry works and is not taken for reuse; two `resource`
 * parameters are `invalid_target` at the token endpoint.
 */
import { authorizationParams, Browser, mcp, OAuthHost, pkce, registeredClient, REDIRECT_URI, tokenRequest } from './oauth-client.support';
import { OAUTH_OWNER_HOSTS as HOSTS, OWNER, PASSWORD, StartedOAuthHost as Started } from './owner-hosts.support';

type Json = Record<string, any>;

describe.each(HOSTS)('$name: the resource of a token request', (hostCase) => {
  let started: Started;
  let host: OAuthHost;

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
  });
  afterAll(() => started?.close());

  /** A code after Allow, and what redeeming it needs. */
  async function authorized(): Promise<{ clientId: string; code: string; verifier: string }> {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const { verifier, challenge } = pkce();
    const step = await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge)), 'allow');
    if (step.kind !== 'redirect') throw new Error(`expected the redirect with a code, got ${step.status}`);
    return { clientId, code: step.url.searchParams.get('code')!, verifier };
  }

  const redeem = (clientId: string, code: string, verifier: string, resource: string | string[]) => {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
    for (const value of [resource].flat()) body.append('resource', value);
    return fetch(`${host.baseUrl}/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  };
  const refresh = (clientId: string, token: string, resource: string | string[]) => {
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId });
    for (const value of [resource].flat()) body.append('resource', value);
    return fetch(`${host.baseUrl}/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
  };

  async function tokens(): Promise<{ clientId: string; first: Json }> {
    const { clientId, code, verifier } = await authorized();
    const res = await redeem(clientId, code, verifier, host.resource);
    expect(res.status).toBe(200);
    return { clientId, first: (await res.json()) as Json };
  }

  it('a refresh with a wrong resource (a trailing slash) is invalid_target and leaves the refresh token usable', async () => {
    const { clientId, first } = await tokens();
    const wrong = await refresh(clientId, first.refresh_token, `${host.resource}/`);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Json).error).toBe('invalid_target');
    // The client's retry with the right resource: a new pair, and the grant still stands.
    const retried = await refresh(clientId, first.refresh_token, host.resource);
    expect(retried.status).toBe(200);
    const second = (await retried.json()) as Json;
    expect((await mcp(host, second.access_token, 'tools/list')).status).toBe(200);
  });

  it('a refresh with two resource parameters is invalid_target and spends nothing', async () => {
    const { clientId, first } = await tokens();
    const twice = await refresh(clientId, first.refresh_token, [host.resource, host.resource]);
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as Json).error).toBe('invalid_target');
    expect((await refresh(clientId, first.refresh_token, host.resource)).status).toBe(200);
  });

  it('a code redeemed with two resource parameters or a foreign one is invalid_target, and the code still redeems', async () => {
    const { clientId, code, verifier } = await authorized();
    const twice = await redeem(clientId, code, verifier, [host.resource, host.resource]);
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as Json).error).toBe('invalid_target');
    const foreign = await redeem(clientId, code, verifier, 'https://elsewhere.test/mcp');
    expect(((await foreign.json()) as Json).error).toBe('invalid_target');
    const good = await redeem(clientId, code, verifier, host.resource);
    expect(good.status).toBe(200);
    expect((await mcp(host, ((await good.json()) as Json).access_token, 'tools/list')).status).toBe(200);
  });

  it('a reused refresh token still revokes the grant', async () => {
    const { clientId, first } = await tokens();
    const rotated = (await (await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).json()) as Json;
    const reuse = await refresh(clientId, first.refresh_token, `${host.resource}/`);
    expect(((await reuse.json()) as Json).error).toBe('invalid_grant');
    expect((await mcp(host, rotated.access_token, 'tools/list')).status).toBe(401);
  });
});
