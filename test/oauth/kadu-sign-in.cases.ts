/**
 * The two ways an official SDK signs in to Kadu, the same cases for every
 * SDK: with a Client ID Metadata Document (the client_id is the document's
 * URL) and through Dynamic Client Registration. Each flow ends in tools/list
 * and tools/call, then a forced refresh and another call.
 */
import { FetchLike, HttpRecorder } from '../clients/http-recorder';
import { MemoryOAuthProvider } from './memory-oauth-provider.support';
import { expectConsent } from './oauth-consent.support';
import { expectDiscovery, personProvider, SignedIn } from './oauth-flows.support';
import { KADU_ORG, KADU_SCOPES, KaduSignInWorld } from './oauth-world.support';

/** The tool the cases call once signed in. */
const KADU_TOOL = 'kadu_organization_get';

/** The part of either SDK's client the tool assertions use. */
export interface ToolCaller {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<object>;
}

/** tools/list shows {@link KADU_TOOL}; tools/call answers the person's organization. */
async function callsTheTool(client: ToolCaller): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain(KADU_TOOL);
  const result = (await client.callTool({ name: KADU_TOOL, arguments: {} })) as { isError?: boolean; structuredContent?: unknown };
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ slug: KADU_ORG.slug, name: KADU_ORG.name });
}

/** Spoils the access token: the 401 makes the SDK refresh (rotating the refresh token), and the call succeeds. */
async function refreshesAndCallsAgain(client: ToolCaller, provider: MemoryOAuthProvider): Promise<void> {
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

/** A client that can be closed when the spec ends. */
type OpenClient = ToolCaller & { close(): Promise<void> };

/** What the cases need of an SDK. */
export interface KaduSignInSdk<C extends OpenClient> {
  /** Signs in through the person: `signInSdk1` or `signInClient2`. */
  signIn(mcpUrl: string, provider: MemoryOAuthProvider, fetchFn?: FetchLike): Promise<SignedIn<C>>;
  /** The name the metadata document is published under (also counted in the server's hits). */
  documentName: string;
  /** The client name in the metadata document. */
  documentClientName: string;
  /** The client name the SDK registers with. */
  registeredClientName: string;
}

/** Registers the two sign-in cases inside the caller's describe; `env` answers the world its `beforeAll` started; clients are pushed to `open` for its `afterAll`. */
export function itSignsInToKadu<C extends OpenClient>(env: () => KaduSignInWorld, open: C[], sdk: KaduSignInSdk<C>): void {
  it('Client ID Metadata Document: the document URL is the client_id, the consent page names the client, its host, the organization and the scopes', async () => {
    const { world, kadu, admin } = env();
    const clientId = world.publishClient(sdk.documentName, sdk.documentClientName);
    const { provider, outcomes } = personProvider(world.browser, world.catcher, admin, { clientName: sdk.documentClientName, clientMetadataUrl: clientId });
    const recorder = new HttpRecorder();
    const { client } = await sdk.signIn(kadu.mcpUrl, provider, recorder.fetch);
    open.push(client);

    expect(provider.clientId).toBe(clientId);
    expectDiscovery(recorder, kadu, false);
    expect(world.cimd.hits(sdk.documentName)).toBeGreaterThan(0);
    const url = provider.authorizationUrls[0];
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(kadu.mcpUrl);
    expectConsent(outcomes[0], {
      clientName: sdk.documentClientName,
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
    const { world, kadu, admin } = env();
    const { provider, outcomes } = personProvider(world.browser, world.catcher, admin, { clientName: sdk.registeredClientName });
    const recorder = new HttpRecorder();
    const { client } = await sdk.signIn(kadu.mcpUrl, provider, recorder.fetch);
    open.push(client);

    expect(provider.clientId).toEqual(expect.any(String));
    expect(provider.clientId).not.toMatch(/^https?:/);
    expectDiscovery(recorder, kadu, true);
    const originHost = new URL(world.catcher.redirectUri).host;
    expectConsent(outcomes[0], { clientName: sdk.registeredClientName, organization: KADU_ORG.name, originHost, selfRegistered: true, scopes: KADU_SCOPES });

    await callsTheTool(client);
    await refreshesAndCallsAgain(client, provider);
  });
}
