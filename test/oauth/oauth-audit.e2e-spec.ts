/**
 * The authorization server's events in the audit trail, on both hosts
 * (docs/security-model.md, "OAuth events in the audit trail"): a consent
 * denied, a consent given and a grant revoked because a refresh token or a
 * code came back are listed like tool calls, by `GET /api/v1/audit_events` (filter
 * `kind=oauth`) and on `/audit`, in the person's organization only.
 */
import { startBilling } from '../billing/billing-app';
import { startKadu } from '../support/kadu-app';
import { authorizationParams, Browser, OAuthHost, pkce, registeredClient, REDIRECT_URI, tokenRequest } from './oauth-client.support';

type Json = Record<string, any>;

const PASSWORD = 'correct horse battery staple';
const OWNER = 'owner@org-a.test';
const OTHER_OWNER = 'owner@org-b.test';
const MANY_REGISTRATIONS = { OAUTH_REGISTRATIONS_PER_MINUTE: '1000' };

interface Started {
  host: OAuthHost;
  ownerToken: string;
  otherOwnerToken: string;
  ownerId: string;
  close(): Promise<void>;
}

type App = Awaited<ReturnType<typeof startKadu>> | Awaited<ReturnType<typeof startBilling>>;

async function owners(app: App): Promise<Pick<Started, 'ownerToken' | 'otherOwnerToken' | 'ownerId'>> {
  const ownerToken = await app.token('org-a', 'owner', { email: OWNER, clientId: 'audit-reader', audience: 'api' });
  const otherOwnerToken = await app.token('org-b', 'owner', { email: OTHER_OWNER, clientId: 'audit-reader-b', audience: 'api' });
  const ownerId = (await app.identity.findUserByEmail(OWNER))!.id;
  await app.identity.setPassword(ownerId, PASSWORD);
  return { ownerToken, otherOwnerToken, ownerId };
}

const HOSTS: Array<{ name: string; start(): Promise<Started> }> = [
  {
    name: 'Kadu',
    async start() {
      const kadu = await startKadu({ env: MANY_REGISTRATIONS });
      return {
        host: { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl },
        ...(await owners(kadu)),
        close: () => kadu.close(),
      };
    },
  },
  {
    name: 'Billing',
    async start() {
      const billing = await startBilling(MANY_REGISTRATIONS);
      const issuer = 'http://billing.test';
      return {
        host: { baseUrl: billing.baseUrl, issuer, resource: `${issuer}/mcp`, mcpUrl: billing.mcpUrl },
        ...(await owners(billing)),
        close: () => billing.close(),
      };
    },
  },
];

describe.each(HOSTS)('$name: OAuth events in the audit trail', (hostCase) => {
  let started: Started;
  let host: OAuthHost;

  beforeAll(async () => {
    started = await hostCase.start();
    host = started.host;
  });
  afterAll(() => started?.close());

  async function listing(token: string, query: string): Promise<Json[]> {
    const res = await fetch(`${host.baseUrl}/api/v1/audit_events?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as Json).data as Json[];
  }

  /** The listing once it holds `count` events (the sink writes in batches), polled for at most five seconds. */
  async function eventually(token: string, query: string, count: number): Promise<Json[]> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const data = await listing(token, query);
      if (data.length >= count) return data;
      await new Promise((done) => setTimeout(done, 100));
    }
    return listing(token, query);
  }

  it('consent denied, consent given and a grant revoked for reuse: listed for the organization, with what they concerned', async () => {
    const clientId = await registeredClient(host, { client_name: 'Audited Agent' });
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const denied = await browser.decide(await browser.authorize(authorizationParams(host, clientId, pkce().challenge)), 'deny');
    expect(denied.kind).toBe('redirect');
    const { verifier, challenge } = pkce();
    const allowed = await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge)), 'allow');
    if (allowed.kind !== 'redirect') throw new Error('expected the redirect');
    const first = (await (
      await tokenRequest(host, {
        grant_type: 'authorization_code',
        code: allowed.url.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
      })
    ).json()) as Json;
    expect((await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).status).toBe(200);
    expect((await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).status).toBe(400);

    const events = await eventually(started.ownerToken, `kind=oauth&client_id=${encodeURIComponent(clientId)}`, 3);
    expect(events.map((event) => event.decision)).toEqual(['grant_revoked_reuse', 'consent_given', 'consent_denied']);
    for (const event of events) {
      expect(event).toMatchObject({ kind: 'oauth', subject: started.ownerId, client_id: clientId, client_name: 'Audited Agent', era: null, tool: null });
    }
    expect(events[0]).toMatchObject({ method: 'oauth/token', outcome: 'not_run', arguments: { grant_type: 'refresh_token' } });
    expect(events[1]).toMatchObject({
      method: 'oauth/consent',
      outcome: 'success',
      arguments: { redirect_host: new URL(REDIRECT_URI).host, resource: host.resource, client_source: 'registered' },
    });
    expect(events[1].arguments.scopes.length).toBeGreaterThan(0);
    expect(events[2]).toMatchObject({ method: 'oauth/consent', outcome: 'not_run' });
    const text = JSON.stringify(events);
    for (const secret of [first.access_token, first.refresh_token, verifier]) expect(text).not.toContain(secret);

    // Filtered by decision, like a tool call's; another organization sees none of them.
    expect((await listing(started.ownerToken, 'decision=consent_given')).map((event) => event.client_id)).toContain(clientId);
    expect((await listing(started.otherOwnerToken, 'kind=oauth')).filter((event) => event.client_id === clientId)).toEqual([]);
    expect((await listing(started.ownerToken, 'kind=mcp')).every((event) => event.kind === 'mcp')).toBe(true);

    const page = await fetch(`${host.baseUrl}/audit`, { headers: { Cookie: browser.jar.header() } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Access allowed by the person');
    expect(html).toContain('Access denied by the person');
    expect(html).toContain('Access revoked: a token was used twice');
  });

  it('a grant revoked because its code came back is listed too, for the person the code was issued to', async () => {
    const clientId = await registeredClient(host, { client_name: 'Replaying Agent' });
    const browser = new Browser(host);
    await browser.signIn(OWNER, PASSWORD);
    const { verifier, challenge } = pkce();
    const allowed = await browser.decide(await browser.authorize(authorizationParams(host, clientId, challenge)), 'allow');
    if (allowed.kind !== 'redirect') throw new Error('expected the redirect');
    const redeem = () =>
      tokenRequest(host, {
        grant_type: 'authorization_code',
        code: allowed.url.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: REDIRECT_URI,
        client_id: clientId,
      });
    const first = (await (await redeem()).json()) as Json;
    expect((await redeem()).status).toBe(400);
    // The replay revoked what the code issued.
    expect((await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId })).status).toBe(400);

    const events = await eventually(started.ownerToken, `kind=oauth&decision=grant_revoked_reuse&client_id=${encodeURIComponent(clientId)}`, 1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'oauth',
      method: 'oauth/token',
      subject: started.ownerId,
      client_id: clientId,
      client_name: 'Replaying Agent',
      arguments: { grant_type: 'authorization_code' },
    });
    expect(JSON.stringify(events)).not.toContain(allowed.url.searchParams.get('code')!);
  });

  it('an unknown kind or OAuth action is a 400 with a clear message', async () => {
    const res = await fetch(`${host.baseUrl}/api/v1/audit_events?kind=everything`, { headers: { Authorization: `Bearer ${started.ownerToken}` } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('kind');
  });
});
