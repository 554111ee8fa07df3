/**
 * What Kadu's authorization server refuses, seen through a real flow, each
 * with its RFC error: the person clicks Deny (`access_denied` on the
 * redirect); a metadata document whose `client_id` is not its own URL
 * (refused before any sign-in or consent); a document on a loopback address
 * when the host does not allow loopback (refused, and the address is never
 * contacted); a revoked token (RFC 7009: the next MCP call is 401 with the
 * challenge, and the revoked refresh token is dead too).
 */
import { Logger } from '@nestjs/common';
import { OAuthHost, startKaduForOAuth } from './oauth-hosts.support';
import { authorizationRequest, rawToolsList, redeemCode, refresh, revoke, ServerEndpoints } from './manual-flow.support';
import { authorizationServerMetadata, OAuthWorld, startOAuthWorld, trustingSettings } from './oauth-world.support';
import { Person } from './person-browser.support';

jest.setTimeout(60_000);

const ORG = 'refusals-org';

describe('Kadu’s authorization server refuses (real flows)', () => {
  let world: OAuthWorld;
  let kadu: OAuthHost;
  let strict: OAuthHost;
  let server: ServerEndpoints;
  let person: Person;

  beforeAll(async () => {
    world = await startOAuthWorld();
    kadu = await startKaduForOAuth(trustingSettings(world));
    // Trusts the test CA but keeps the production default: no documents on loopback addresses.
    strict = await startKaduForOAuth(trustingSettings(world, false));
    server = (await authorizationServerMetadata(kadu)) as ServerEndpoints;
    person = await kadu.person(ORG, 'admin');
  });
  afterAll(async () => {
    await strict?.close();
    await kadu?.close();
    await world?.close();
  });

  const clientOf = (clientId: string) => ({ clientId, redirectUri: world.catcher.redirectUri, resource: kadu.mcpUrl });

  /** Signs in and allows a document client; returns its client and tokens. */
  async function allowedTokens(name: string): Promise<{ clientId: string; access: string; refreshToken: string }> {
    const clientId = world.publishClient(name, `Refusals ${name}`);
    const request = authorizationRequest(server, clientOf(clientId));
    const { callback } = await world.browser.authorize(request.url, person, world.catcher, 'allow');
    expect(callback.get('state')).toBe(request.state);
    const tokens = await redeemCode(server.token_endpoint, request, callback.get('code')!, clientOf(clientId));
    expect(tokens.status).toBe(200);
    return { clientId, access: tokens.body.access_token, refreshToken: tokens.body.refresh_token };
  }

  it('Deny: the redirect carries error=access_denied and the state, no code', async () => {
    const clientId = world.publishClient('denied', 'Denied Agent');
    const request = authorizationRequest(server, clientOf(clientId));
    const { consentText, callback } = await world.browser.authorize(request.url, person, world.catcher, 'deny');
    expect(consentText).toContain('Denied Agent');
    expect(callback.get('error')).toBe('access_denied');
    expect(callback.get('state')).toBe(request.state);
    expect(callback.get('code')).toBeNull();
    expect(callback.get('iss')).toBe(server.issuer);
  });

  it('a document whose client_id is not its own URL: invalid_client, before any sign-in or consent', async () => {
    const url = world.cimd.urlOf('impostor');
    world.cimd.put('impostor', {
      client_id: world.cimd.urlOf('someone-else'),
      client_name: 'Impostor',
      redirect_uris: [world.catcher.redirectUri],
      token_endpoint_auth_method: 'none',
    });
    const request = authorizationRequest(server, clientOf(url));
    const response = await fetch(request.url, { redirect: 'manual' });
    const body = await response.text();
    expect(world.cimd.hits('impostor')).toBeGreaterThan(0);
    expect(response.status).toBe(400);
    expect(body).toContain('invalid_client');
    expect(body).toContain('has a client_id that is not its own URL');
    // Never sent to the client's redirect_uri, the sign-in page or a consent page.
    expect(response.headers.get('location')).toBeNull();

    const stopped = await world.browser.open(request.url);
    expect(stopped.status).toBe(400);
    expect(new URL(stopped.url).pathname).not.toMatch(/^\/(sign-in|oauth\/consent)/);
    expect(stopped.text).toContain('invalid_client');
    expect(world.catcher.received.some((query) => query.get('state') === request.state)).toBe(false);
  });

  it('a document on a loopback address, loopback not allowed: invalid_client, and the address is never contacted', async () => {
    const clientId = world.publishClient('loopback', 'Loopback Agent');
    const strictServer = (await authorizationServerMetadata(strict)) as ServerEndpoints;
    const request = authorizationRequest(strictServer, { clientId, redirectUri: world.catcher.redirectUri, resource: strict.mcpUrl });
    const response = await fetch(request.url, { redirect: 'manual' });
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).toContain('invalid_client');
    expect(body).toContain('could not be fetched');
    expect(body).not.toContain('non-public');
    expect(response.headers.get('location')).toBeNull();
    expect(world.cimd.hits('loopback')).toBe(0);
  });

  it('a document at a non-public address written as IPv4-translated IPv6: invalid_client, never contacted, even with loopback allowed', async () => {
    const port = new URL(world.cimd.origin).port;
    const clientId = `https://[::ffff:0:7f00:1]:${port}/clients/translated.json`;
    const request = authorizationRequest(server, clientOf(clientId));
    const warn = jest.spyOn(Logger.prototype, 'warn');
    let response: Response;
    let body: string;
    try {
      response = await fetch(request.url, { redirect: 'manual' });
      body = await response.text();
      // The reason is the host's to read, in its log; the client learns only that the document could not be fetched.
      expect(warn).toHaveBeenCalledWith(`Client metadata document ${clientId} could not be fetched: refused: ::ffff:0:7f00:1 is a non-public address`);
    } finally {
      warn.mockRestore();
    }
    expect(response.status).toBe(400);
    expect(body).toContain('invalid_client');
    expect(body).toContain(`the client metadata document at ${clientId} could not be fetched`);
    expect(body).not.toContain('non-public');
    expect(response.headers.get('location')).toBeNull();
    expect(world.cimd.hits('translated')).toBe(0);
  });

  it('a revoked access token (RFC 7009): the next MCP call is 401 with the Bearer challenge', async () => {
    const { clientId, access } = await allowedTokens('revoked-access');
    expect((await rawToolsList(kadu.mcpUrl, access)).status).toBe(200);
    const revoked = await revoke(server.revocation_endpoint!, access, clientId, 'access_token');
    expect(revoked.status).toBe(200);
    const after = await rawToolsList(kadu.mcpUrl, access);
    expect(after.status).toBe(401);
    expect(after.challenge).toContain('Bearer ');
    expect(after.challenge).toContain('error="invalid_token"');
    expect(after.challenge).toContain(`resource_metadata="${kadu.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
  });

  it('a revoked refresh token: refreshing is invalid_grant', async () => {
    const { clientId, refreshToken } = await allowedTokens('revoked-refresh');
    expect((await revoke(server.revocation_endpoint!, refreshToken, clientId, 'refresh_token')).status).toBe(200);
    const refused = await refresh(server.token_endpoint, refreshToken, { clientId, resource: kadu.mcpUrl });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
  });

  it('a revocation by another client (RFC 7009): answered 200 like an unknown token, and nothing is revoked', async () => {
    const owner = await allowedTokens('revoke-owner');
    const stranger = world.publishClient('revoke-stranger', 'Stranger Agent');
    for (const [token, hint] of [
      [owner.access, 'access_token'],
      [owner.refreshToken, 'refresh_token'],
    ] as const) {
      // The same answer as for a token that does not exist: it tells the stranger nothing about the token.
      const unknown = await revoke(server.revocation_endpoint!, `unknown-${hint}`, stranger, hint);
      const answered = await revoke(server.revocation_endpoint!, token, stranger, hint);
      expect(answered).toEqual({ ...unknown, status: 200 });
    }
    expect((await rawToolsList(kadu.mcpUrl, owner.access)).status).toBe(200);
    const refreshed = await refresh(server.token_endpoint, owner.refreshToken, { clientId: owner.clientId, resource: kadu.mcpUrl });
    expect(refreshed.status).toBe(200);
  });

  it('a code redeemed twice: the second is invalid_grant', async () => {
    const clientId = world.publishClient('replayed', 'Replayed Agent');
    const request = authorizationRequest(server, clientOf(clientId));
    const { callback } = await world.browser.authorize(request.url, person, world.catcher, 'allow');
    const code = callback.get('code')!;
    expect((await redeemCode(server.token_endpoint, request, code, clientOf(clientId))).status).toBe(200);
    const again = await redeemCode(server.token_endpoint, request, code, clientOf(clientId));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
  });
});
