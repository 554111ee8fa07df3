/**
 * A person in headless Chromium on Kadu's `/connected-apps`: an MCP client
 * connected through the real OAuth flow (dynamic registration, `/authorize`
 * with PKCE and the MCP URL as resource, sign-in, Allow, `/token`) is listed;
 * the person revokes it with the button: it is gone from the page, its access
 * token gets 401 on `/mcp` and its refresh token no longer works.
 */
import { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import {
  authorizationParams,
  Browser as OAuthBrowser,
  mcp,
  OAuthHost,
  pkce,
  registeredClient,
  REDIRECT_URI,
  tokenRequest,
} from '../oauth/oauth-client.support';
import { ConnectedAppsService } from '@kobana/oauth';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(90_000);

const EMAIL = 'operator@connected.test';
const PASSWORD = 'pw-connected-0123456789';

describe('connected apps in Chromium (Kadu)', () => {
  let kadu: KaduTestApp;
  let host: OAuthHost;
  let browser: Browser;

  beforeAll(async () => {
    kadu = await startKadu();
    host = { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl };
    const user = await kadu.identity.ensureUser(await kadu.identity.ensureOrganization('connected'), 'operator', { email: EMAIL });
    await kadu.identity.setPassword(user.id, PASSWORD);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await kadu?.close();
  });

  /** An MCP client the person allowed, through the server's whole flow; answers its id and tokens. */
  async function connectClient(name: string, preRegistered?: string): Promise<{ clientId: string; accessToken: string; refreshToken: string }> {
    const clientId = preRegistered ?? (await registeredClient(host, { client_name: name, grant_types: ['authorization_code', 'refresh_token'] }));
    const { verifier, challenge } = pkce();
    const person = new OAuthBrowser(host);
    await person.signIn(EMAIL, PASSWORD);
    const consent = await person.authorize(authorizationParams(host, clientId, challenge, { scope: 'kadu:read kadu:run' }));
    const back = await person.decide(consent, 'allow');
    if (back.kind !== 'redirect') throw new Error(`no redirect after Allow: ${back.status}`);
    const code = back.url.searchParams.get('code')!;
    const res = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
      resource: host.resource,
    });
    if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    return { clientId, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  }

  it('signs in, sees the app, clicks Revoke: the app is gone, its token gets 401 on /mcp, its refresh token is refused', async () => {
    // One client pre-registered as `client create` does, one registered by itself: the server takes both.
    const preRegistered = await kadu.app.get(ConnectedAppsService).createPublicClient({ name: 'Kept Client', redirectUris: [REDIRECT_URI] });
    const kept = await connectClient('Kept Client', preRegistered);
    const revoked = await connectClient('Browser Test Client');
    expect((await mcp(host, revoked.accessToken, 'tools/list')).status).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${kadu.baseUrl}/connected-apps`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.fill('input[name=email]', EMAIL);
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
    expect(new URL(page.url()).pathname).toBe('/connected-apps');
    expect(await page.locator('.app .app-name').allTextContents()).toEqual(['Browser Test Client', 'Kept Client']);

    const card = page.locator(`.app[data-client-id="${revoked.clientId}"]`);
    expect(await card.locator('dd').allTextContents()).toEqual(
      expect.arrayContaining([revoked.clientId, 'Registered itself (dynamic client registration)', 'openid kadu:read kadu:run']),
    );
    await Promise.all([page.waitForNavigation(), card.locator('button.revoke').click()]);
    expect(new URL(page.url()).pathname).toBe('/connected-apps');
    expect(await page.locator('.app .app-name').allTextContents()).toEqual(['Kept Client']);

    expect((await mcp(host, revoked.accessToken, 'tools/list')).status).toBe(401);
    expect((await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: revoked.refreshToken, client_id: revoked.clientId })).status).toBe(400);
    expect((await mcp(host, kept.accessToken, 'tools/list')).status).toBe(200);
    expect(await page.locator(`.app[data-client-id="${preRegistered}"] dd`).allTextContents()).toContain('Registered by an administrator');
    await context.close();
  });
});
