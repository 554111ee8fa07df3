/**
 * The same sign-in on Kobana Billing: SDK 1.x and client 2.x through Client ID
 * Metadata Documents, client 2.x through Dynamic Client Registration, each ending
 * in tools/list, a read tool, a forced refresh and another call. The tools a
 * client sees are those of the panel role of the person who consented: an
 * owner's client sees the management tools, a viewer's only the read ones.
 */
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as Client2 } from '@modelcontextprotocol/client';
import { OAuthHost, startBillingForOAuth } from './oauth-hosts.support';
import { personProvider, signInClient2, signInSdk1 } from './oauth-flows.support';
import { authorizationServerMetadata, OAuthWorld, startOAuthWorld, trustingSettings } from './oauth-world.support';
import { Person } from './person-browser.support';
import { authorizationRequest, rawToolsList, redeemCode, revoke, ServerEndpoints } from './manual-flow.support';
import { expectConsent } from './oauth-consent.support';

jest.setTimeout(60_000);

const READ_TOOL = 'billing_customers_list';
const OWNER_ONLY = ['billing_customers_delete', 'billing_invoices_cancel', 'billing_nfes_cancel'];
/** What the SDKs ask for: every scope the protected-resource metadata lists. */
const SCOPES = ['billing:read', 'billing:write'];
const ORG = { slug: 'billing-oauth', name: 'Padaria Billing OAuth' };

describe('Kobana Billing: OAuth sign-in of both clients, tools by the consenting person’s role', () => {
  let world: OAuthWorld;
  let billing: OAuthHost;
  let owner: Person;
  let viewer: Person;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    world = await startOAuthWorld();
    billing = await startBillingForOAuth(trustingSettings(world));
    await billing.identity.ensureOrganization(ORG.slug, { name: ORG.name });
    owner = await billing.person(ORG.slug, 'owner');
    viewer = await billing.person(ORG.slug, 'viewer');
  });
  afterAll(async () => {
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    await billing?.close();
    await world?.close();
  });

  it('the authorization server is Billing’s own, for Billing’s MCP resource', async () => {
    const metadata = await authorizationServerMetadata(billing);
    expect(metadata.issuer).toBe(billing.baseUrl);
    expect(metadata.client_id_metadata_document_supported).toBe(true);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  let ownerTools: string[] = [];

  it('SDK 1.x, metadata document, owner: read tool, refresh, call again; the owner’s client sees the management tools', async () => {
    const clientId = world.publishClient('billing-sdk1', 'Billing Agent SDK1');
    const { provider, outcomes } = personProvider(world.browser, world.catcher, owner, { clientName: 'Billing Agent SDK1', clientMetadataUrl: clientId });
    const { client } = await signInSdk1(billing.mcpUrl, provider);
    closers.push(() => client.close());
    expect(provider.clientId).toBe(clientId);
    expect(provider.authorizationUrls[0].searchParams.get('resource')).toBe(billing.mcpUrl);
    expectConsent(outcomes[0], {
      clientName: 'Billing Agent SDK1',
      organization: ORG.name,
      originHost: new URL(clientId).host,
      selfRegistered: false,
      scopes: SCOPES,
    });

    ownerTools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(ownerTools).toEqual(expect.arrayContaining([READ_TOOL, ...OWNER_ONLY]));
    await expectRead(client);
    const before = provider.tokens()!;
    provider.spoilAccessToken();
    await expectRead(client);
    expect(provider.tokens()!.refresh_token).not.toBe(before.refresh_token);
  });

  it('client 2.x, metadata document, viewer: read tool, refresh, call again; fewer tools than the owner’s client, none of the management ones', async () => {
    const clientId = world.publishClient('billing-client2', 'Billing Agent C2');
    const { provider, outcomes } = personProvider(world.browser, world.catcher, viewer, { clientName: 'Billing Agent C2', clientMetadataUrl: clientId });
    const { client } = await signInClient2(billing.mcpUrl, provider);
    closers.push(() => client.close());
    expect(provider.clientId).toBe(clientId);
    expectConsent(outcomes[0], {
      clientName: 'Billing Agent C2',
      organization: ORG.name,
      originHost: new URL(clientId).host,
      selfRegistered: false,
      scopes: SCOPES,
    });

    const viewerTools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(viewerTools).toContain(READ_TOOL);
    for (const tool of OWNER_ONLY) expect(viewerTools).not.toContain(tool);
    expect(ownerTools.length).toBeGreaterThan(viewerTools.length);
    expect(viewerTools.every((tool) => ownerTools.includes(tool))).toBe(true);
    await expectRead(client);
    const before = provider.tokens()!;
    provider.spoilAccessToken();
    await expectRead(client);
    expect(provider.tokens()!.refresh_token).not.toBe(before.refresh_token);
  });

  it('client 2.x, Dynamic Client Registration, financial: the consent page warns the client registered itself; read tool, refresh, call again', async () => {
    const financial = await billing.person(ORG.slug, 'financial');
    const { provider, outcomes } = personProvider(world.browser, world.catcher, financial, { clientName: 'Billing Agent DCR2' });
    const { client } = await signInClient2(billing.mcpUrl, provider);
    closers.push(() => client.close());
    expect(provider.clientId).not.toMatch(/^https?:/);
    const originHost = new URL(world.catcher.redirectUri).host;
    expectConsent(outcomes[0], { clientName: 'Billing Agent DCR2', organization: ORG.name, originHost, selfRegistered: true, scopes: SCOPES });
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain(READ_TOOL);
    expect(tools).not.toContain('billing_customers_delete');
    await expectRead(client);
    const before = provider.tokens()!;
    provider.spoilAccessToken();
    await expectRead(client);
    expect(provider.tokens()!.refresh_token).not.toBe(before.refresh_token);
  });

  it('Deny on Billing: error=access_denied; a revoked Billing token: 401 with Billing’s challenge', async () => {
    const server = (await authorizationServerMetadata(billing)) as ServerEndpoints;
    const clientId = world.publishClient('billing-refusals', 'Billing Refusals');
    const client = { clientId, redirectUri: world.catcher.redirectUri, resource: billing.mcpUrl };
    const denied = authorizationRequest(server, client);
    const { callback: deniedCallback } = await world.browser.authorize(denied.url, owner, world.catcher, 'deny');
    expect(deniedCallback.get('error')).toBe('access_denied');
    expect(deniedCallback.get('state')).toBe(denied.state);

    const request = authorizationRequest(server, client);
    const { callback } = await world.browser.authorize(request.url, owner, world.catcher, 'allow');
    const tokens = await redeemCode(server.token_endpoint, request, callback.get('code')!, client);
    expect(tokens.status).toBe(200);
    expect((await rawToolsList(billing.mcpUrl, tokens.body.access_token)).status).toBe(200);
    expect((await revoke(server.revocation_endpoint!, tokens.body.access_token, clientId, 'access_token')).status).toBe(200);
    const after = await rawToolsList(billing.mcpUrl, tokens.body.access_token);
    expect(after.status).toBe(401);
    expect(after.challenge).toContain('error="invalid_token"');
    expect(after.challenge).toContain(`resource_metadata="${billing.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
  });
});

/** The read tool answers a page of the person's organization. */
async function expectRead(client: Sdk1Client | Client2): Promise<void> {
  const result = (await client.callTool({ name: READ_TOOL, arguments: {} })) as { isError?: boolean; structuredContent?: { data: unknown; meta: unknown } };
  expect(result.isError).toBeFalsy();
  // Parsed outside jest's realm: Array.isArray, not expect.any(Array).
  expect(Array.isArray(result.structuredContent?.data)).toBe(true);
  expect(result.structuredContent?.meta).toMatchObject({ page: 1 });
}
