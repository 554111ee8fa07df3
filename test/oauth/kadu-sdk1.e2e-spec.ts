/**
 * The official SDK 1.x (era 2025) signs in to Kadu through the host's OAuth
 * authorization server with a person in Chromium: once with a Client ID
 * Metadata Document (the client_id is the document's https URL, served by a
 * test server the host trusts), once through Dynamic Client Registration.
 * Each flow ends in tools/list and tools/call, then a forced refresh (the
 * stored access token is spoiled, the 401 makes the SDK redeem the refresh
 * token) and another call.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { itSignsInToKadu } from './kadu-sign-in.cases';
import { OAuthHost } from './oauth-hosts.support';
import { signInSdk1 } from './oauth-flows.support';
import { authorizationServerMetadata, closeKaduSignInWorld, KADU_SCOPES, OAuthWorld, startKaduSignInWorld } from './oauth-world.support';
import { Person } from './person-browser.support';

jest.setTimeout(60_000);

describe('SDK 1.x signs in to Kadu (OAuth, person in Chromium)', () => {
  let world: OAuthWorld;
  let kadu: OAuthHost;
  let admin: Person;
  const open: Client[] = [];

  beforeAll(async () => {
    ({ world, kadu, admin } = await startKaduSignInWorld());
  });
  afterAll(() => closeKaduSignInWorld(open, kadu, world));

  it('the authorization server advertises what the SDK needs: metadata documents, PKCE S256, DCR, revocation', async () => {
    const metadata = await authorizationServerMetadata(kadu);
    expect(metadata.issuer).toBe(kadu.baseUrl);
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.registration_endpoint).toEqual(expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//));
    expect(metadata.revocation_endpoint).toEqual(expect.any(String));
    expect(metadata.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('Dynamic Client Registration accepts the scope the SDKs send: the protected-resource metadata’s scopes_supported (201)', async () => {
    const metadata = await authorizationServerMetadata(kadu);
    const response = await fetch(metadata.registration_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Scoped Registration',
        redirect_uris: [world.catcher.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        scope: KADU_SCOPES.join(' '),
      }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ client_name: 'Scoped Registration' });
    expect(response.status).toBe(201);
  });

  itSignsInToKadu(() => ({ world, kadu, admin }), open, {
    signIn: signInSdk1,
    documentName: 'kadu-sdk1',
    documentClientName: 'Ledger Agent SDK1',
    registeredClientName: 'Ledger Agent DCR1',
  });
});
