/**
 * The OAuth client becomes the MCP caller's client (issue 15): after a person
 * allows a self-registered client on Kadu, that client's tool call is
 * recorded under its OAuth client id and registered name, on behalf of the
 * person who allowed it, in that person's organization.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { authorizationParams, Browser, mcp, OAuthHost, pkce, registeredClient, REDIRECT_URI, tokenRequest } from './oauth-client.support';

const PASSWORD = 'pw-oauth-caller-0123456789';
const EMAIL = 'operator@org-a.test';

describe('the OAuth client as the MCP caller', () => {
  let kadu: KaduTestApp;
  let host: OAuthHost;

  beforeAll(async () => {
    kadu = await startKadu({ env: { OAUTH_REGISTRATIONS_PER_MINUTE: '1000' } });
    host = { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl };
    await kadu.token('org-a', 'operator', { email: EMAIL });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(EMAIL))!.id, PASSWORD);
  });
  afterAll(() => kadu?.close());

  it("records the call under the client's id and registered name, on behalf of the person who allowed it", async () => {
    const clientId = await registeredClient(host, { client_name: 'Quarterly Report Writer' });
    const browser = new Browser(host);
    await browser.signIn(EMAIL, PASSWORD);
    const { verifier, challenge } = pkce();
    const back = await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge, { scope: 'kadu:read' })), 'allow');
    if (back.kind !== 'redirect') throw new Error(`expected the way back to the client, got the page ${back.status}`);
    const redeemed = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code: back.url.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
    const { access_token } = (await redeemed.json()) as { access_token: string };

    const call = await mcp(host, access_token, 'tools/call', { name: 'kadu_organization_get', arguments: {} });
    expect(call.status).toBe(200);

    const person = (await kadu.identity.findUserByEmail(EMAIL))!;
    const deadline = Date.now() + 5_000;
    let row: { client_id: string; client_name: string | null; subject: string; organization_id: string; decision: string } | undefined;
    while (!row && Date.now() < deadline) {
      row = await kadu.db
        .selectFrom('audit_events')
        .select(['client_id', 'client_name', 'subject', 'organization_id', 'decision'])
        .where('tool', '=', 'kadu_organization_get')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!row) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(row).toEqual({
      client_id: clientId,
      client_name: 'Quarterly Report Writer',
      subject: person.id,
      organization_id: person.organization_id,
      decision: 'allowed',
    });
  });
});
