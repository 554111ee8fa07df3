/**
 * The official client 2.x (pinned to 2026-07-28) signs in to Kadu through the host's OAuth
 * authorization server with a person in Chromium: once with a Client ID
 * Metadata Document (the client_id is the document's https URL, served by a
 * test server the host trusts), once through Dynamic Client Registration.
 * Each flow ends in tools/list and tools/call, then a forced refresh (the
 * stored access token is spoiled, the 401 makes the SDK redeem the refresh
 * token) and another call.
 */
import { Client } from '@modelcontextprotocol/client';
import { OAuthHost, startKaduForOAuth } from './oauth-hosts.support';
import { expectDiscovery, personProvider, signInClient2 } from './oauth-flows.support';
import { HttpRecorder } from '../clients/http-recorder';
import { OAuthWorld, startOAuthWorld, trustingSettings } from './oauth-world.support';
import { MemoryOAuthProvider } from './memory-oauth-provider.support';
import { Person } from './person-browser.support';
import { expectConsent } from './oauth-consent.support';

jest.setTimeout(60_000);

const TOOL = 'kadu_organization_get';
/** What the SDKs ask for: every scope the protected-resource metadata lists. */
const KADU_SCOPES = ['kadu:read', 'kadu:write', 'kadu:run'];
const ORG = { slug: 'acme-oauth', name: 'Acme Cobranças OAuth' };

describe('client 2.x signs in to Kadu (OAuth, person in Chromium)', () => {
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

  it('Client ID Metadata Document: the document URL is the client_id, the consent page names the client, its host, the organization and the scopes', async () => {
    const clientId = world.publishClient('kadu-client2', 'Ledger Agent C2');
    const { provider, outcomes } = personProvider(world.browser, world.catcher, admin, { clientName: 'Ledger Agent C2', clientMetadataUrl: clientId });
    const recorder = new HttpRecorder();
    const { client } = await signInClient2(kadu.mcpUrl, provider, recorder.fetch);
    open.push(client);

    expect(provider.clientId).toBe(clientId);
    expectDiscovery(recorder, kadu, false);
    expect(world.cimd.hits('kadu-client2')).toBeGreaterThan(0);
    const url = provider.authorizationUrls[0];
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(kadu.mcpUrl);
    expectConsent(outcomes[0], {
      clientName: 'Ledger Agent C2',
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
    const { provider, outcomes } = personProvider(world.browser, world.catcher, admin, { clientName: 'Ledger Agent DCR2' });
    const recorder = new HttpRecorder();
    const { client } = await signInClient2(kadu.mcpUrl, provider, recorder.fetch);
    open.push(client);

    expect(provider.clientId).toEqual(expect.any(String));
    expect(provider.clientId).not.toMatch(/^https?:/);
    expectDiscovery(recorder, kadu, true);
    const originHost = new URL(world.catcher.redirectUri).host;
    expectConsent(outcomes[0], { clientName: 'Ledger Agent DCR2', organization: ORG.name, originHost, selfRegistered: true, scopes: KADU_SCOPES });

    await callsTheTool(client);
    await refreshesAndCallsAgain(client, provider);
  });
});
