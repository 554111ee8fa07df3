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
import { OAuthHost, startKaduForOAuth } from './oauth-hosts.support';
import { expectDiscovery, personProvider, signInSdk1 } from './oauth-flows.support';
import { HttpRecorder } from '../clients/http-recorder';
import { authorizationServerMetadata, OAuthWorld, startOAuthWorld, trustingSettings } from './oauth-world.support';
import { MemoryOAuthProvider } from './memory-oauth-provider.support';
import { Person } from './person-browser.support';
import { expectConsent } from './oauth-consent.support';

jest.setTimeout(60_000);

const TOOL = 'kadu_organization_get';
/** What the SDKs ask for: every scope the protected-resource metadata lists. */
const KADU_SCOPES = ['kadu:read', 'kadu:write', 'kadu:run'];
const ORG = { slug: 'acme-oauth', name: 'Acme Cobranças OAuth' };

describe('SDK 1.x signs in to Kadu (OAuth, person in Chromium)', () => {
  let world: OAuthWorld;
  let kadu: OAuthHost;
  let admin: Person;
  const open: Client[] = [];

  beforeAll(async () => {
    world = await startOAuthWorld();
    kadu = await startKaduForOAuth(trustingSettings(world));
    await kadu.identity.ensureOrganization(ORG.slug, { name: ORG.name });
    admin = await kadu.person(ORG.slug, 'admin');
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await kadu?.close();
    await world?.close();
  });

  /** tools/list shows the tool; tools/call answers the person's organization. */
  async function callsTheTool(client: Client): Promise<void> {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain(TOOL);
    const result = await client.callTool({ name: TOOL, arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ slug: ORG.slug, name: ORG.name });
  }

  /** Spoils the access token: the 401 makes the SDK refresh (rotating the refresh token), and the call succeeds. */
  async function refreshesAndCallsAgain(client: Client, provider: MemoryOAuthProvider): Promise<void> {
    const before = provider.tokens()!;
    expect(before.refresh_token).toEqual(expect.any(String));
    const saved = provider.savedTokens.length;
    provider.spoilAccessToken();
    await callsTheTool(client);
    expect(provider.savedTokens.length).toBeGreaterThan(saved);
    const after = provider.tokens()!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).toEqual(expect.any(String));
    expect(after.refresh_token).not.toBe(before.refresh_token);
  }

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

  it('Client ID Metadata Document: the document URL is the client_id, the consent page names the client, its host, the organization and the scopes', async () => {
    const clientId = world.publishClient('kadu-sdk1', 'Ledger Agent SDK1');
    const { provider, outcomes } = personProvider(world.browser, world.catcher, admin, { clientName: 'Ledger Agent SDK1', clientMetadataUrl: clientId });
    const recorder = new HttpRecorder();
    const { client } = await signInSdk1(kadu.mcpUrl, provider, recorder.fetch);
    open.push(client);

    expect(provider.clientId).toBe(clientId);
    expectDiscovery(recorder, kadu, false);
    expect(world.cimd.hits('kadu-sdk1')).toBeGreaterThan(0);
    const url = provider.authorizationUrls[0];
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(kadu.mcpUrl);
    expectConsent(outcomes[0], {
      clientName: 'Ledger Agent SDK1',
      organization: ORG.name,
      originHost: new URL(clientId).host,
      selfRegistered: false,
      scopes: KADU_SCOPES,
    });
    expect(provider.callback!.get('iss')).toBe(kadu.baseUrl);

    await callsTheTool(client);
    await refreshesAndCallsAgain(client, provider);
  });

  it('Dynamic Client Registration: without a document URL the SDK registers, and the consent page warns the client registered itself', async () => {
    const { provider, outcomes } = personProvider(world.browser, world.catcher, admin, { clientName: 'Ledger Agent DCR1' });
    const recorder = new HttpRecorder();
    const { client } = await signInSdk1(kadu.mcpUrl, provider, recorder.fetch);
    open.push(client);

    expect(provider.clientId).toEqual(expect.any(String));
    expect(provider.clientId).not.toMatch(/^https?:/);
    expectDiscovery(recorder, kadu, true);
    const originHost = new URL(world.catcher.redirectUri).host;
    expectConsent(outcomes[0], { clientName: 'Ledger Agent DCR1', organization: ORG.name, originHost, selfRegistered: true, scopes: KADU_SCOPES });

    await callsTheTool(client);
    await refreshesAndCallsAgain(client, provider);
  });
});
