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
import { OAuthHost } from './oauth-hosts.support';
import { expectDiscovery, personProvider, signInClient2 } from './oauth-flows.support';
import { HttpRecorder } from '../clients/http-recorder';
import { callsTheTool, closeKaduSignInWorld, KADU_ORG, KADU_SCOPES, OAuthWorld, refreshesAndCallsAgain, startKaduSignInWorld } from './oauth-world.support';
import { Person } from './person-browser.support';
import { expectConsent } from './oauth-consent.support';

jest.setTimeout(60_000);

describe('client 2.x signs in to Kadu (OAuth, person in Chromium)', () => {
  let world: OAuthWorld;
  let kadu: OAuthHost;
  let admin: Person;
  const open: Client[] = [];

  beforeAll(async () => {
    ({ world, kadu, admin } = await startKaduSignInWorld());
  });
  afterAll(() => closeKaduSignInWorld(open, kadu, world));

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
      organization: KADU_ORG.name,
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
    expectConsent(outcomes[0], { clientName: 'Ledger Agent DCR2', organization: KADU_ORG.name, originHost, selfRegistered: true, scopes: KADU_SCOPES });

    await callsTheTool(client);
    await refreshesAndCallsAgain(client, provider);
  });
});
