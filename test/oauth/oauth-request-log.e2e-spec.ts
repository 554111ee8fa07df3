/**
 * The authorization server's request log, on both hosts (docs/security-model.md,
 * "OAuth request log"): one structured line at info per request of
 * `/authorize`, `/token`, `/register` and `/revoke`, naming the endpoint,
 * status, client and error, never a code, token, verifier or secret; a
 * refresh token used again, which revokes the grant, at warn.
 */
import { Logger } from '@nestjs/common';
import { authorizationParams, Browser, OAuthHost, pkce, register, REDIRECT_URI, tokenRequest } from './oauth-client.support';
import { OAUTH_OWNER_HOSTS as HOSTS, OWNER, PASSWORD, StartedOAuthHost as Started } from './owner-hosts.support';

type Json = Record<string, any>;

describe.each(HOSTS)('$name: the OAuth request log', (hostCase) => {
  let started: Started;
  let host: OAuthHost;
  let info: jest.SpyInstance;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    info = jest.spyOn(Logger.prototype, 'log');
    warn = jest.spyOn(Logger.prototype, 'warn');
  });
  afterEach(() => jest.restoreAllMocks());

  /** The lines of the server's context, as objects. */
  const lines = (spy: jest.SpyInstance): Json[] =>
    spy.mock.calls.filter((call) => typeof call[0] === 'object' && (call[0] as Json).oauth_endpoint).map((call) => call[0] as Json);

  it('one line per request, with endpoint, status, client and error, and no secret of the flow', async () => {
    const registered = (await (await register(host, { client_name: 'Logged Agent' })).json()) as Json;
    const clientId = registered.client_id as string;
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const { verifier, challenge } = pkce();
    const step = await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge)), 'allow');
    if (step.kind !== 'redirect') throw new Error('expected the redirect');
    const code = step.url.searchParams.get('code')!;
    const tokens = (await (
      await tokenRequest(host, { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId })
    ).json()) as Json;
    const refused = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
    expect(refused.status).toBe(400);
    await fetch(`${host.baseUrl}/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token, client_id: clientId }),
    });

    const seen = lines(info);
    expect(seen.map((line) => line.oauth_endpoint)).toEqual(['register', 'authorize', 'authorize_resume', 'token', 'token', 'revoke']);
    expect(seen[0]).toMatchObject({ msg: 'OAuth request', method: 'POST', status: 201, client_id: clientId });
    expect(seen[1]).toMatchObject({ method: 'GET', status: 303, client_id: clientId });
    expect(seen[3]).toMatchObject({ status: 200, client_id: clientId, grant_type: 'authorization_code' });
    expect(seen[4]).toMatchObject({ status: 400, grant_type: 'authorization_code', error: 'invalid_grant' });
    expect(seen[5]).toMatchObject({ status: 200, client_id: clientId });
    for (const line of seen) expect(typeof line.duration_ms).toBe('number');
    const text = JSON.stringify(seen);
    for (const secret of [code, verifier, tokens.access_token, tokens.refresh_token, registered.registration_access_token]) expect(text).not.toContain(secret);
  });

  it('an error page of /authorize names its error', async () => {
    const answer = await fetch(`${host.baseUrl}/authorize?${new URLSearchParams({ client_id: 'no-such-client', response_type: 'code' })}`);
    expect(answer.status).toBe(400);
    expect(lines(info)).toEqual([expect.objectContaining({ oauth_endpoint: 'authorize', status: 400, client_id: null, error: 'invalid_client' })]);
  });

  it('a refresh token used again: the revoked grant at warn', async () => {
    const clientId = ((await (await register(host)).json()) as Json).client_id as string;
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const { verifier, challenge } = pkce();
    const step = await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge)), 'allow');
    if (step.kind !== 'redirect') throw new Error('expected the redirect');
    const first = (await (
      await tokenRequest(host, {
        grant_type: 'authorization_code',
        code: step.url.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
      })
    ).json()) as Json;
    expect((await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).status).toBe(200);
    expect(lines(warn)).toEqual([]);
    expect((await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).status).toBe(400);
    const warned = lines(warn);
    expect(warned).toEqual([expect.objectContaining({ oauth_endpoint: 'token', client_id: clientId, grant_type: 'refresh_token' })]);
    expect(typeof warned[0].account_id).toBe('string');
    expect(JSON.stringify(warned)).not.toContain(first.refresh_token);
  });
});
