/**
 * Kadu with people of its own (docs/architecture.md, "People"): an
 * in-memory `People` the descriptor names, none of them in identity's tables.
 * Sign-in, consent, the MCP endpoint, approval decisions and the audit page
 * all go through the port; the platform keeps records of the people it
 * confirmed, which identity's password check never accepts, and refreshes
 * them at each token refresh.
 */
import { People } from '@kobana/people';
import { KADU } from '../../src/kadu.host';
import { InMemoryPeople } from '../support/in-memory-people.test-kit';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { authorizationParams, Browser, OAuthHost, pkce, REDIRECT_URI, registeredClient, tokenRequest, mcp } from '../oauth/oauth-client.support';

jest.setTimeout(60_000);

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const ORGANIZATION = { id: 'org-own', slug: 'own-co', name: 'Own Co' };
const SUBJECT = { id: 'p-sub', organization_id: ORGANIZATION.id, email: 'sub@own.test', role: 'operator', password: 'pw-subject-0123456789' };
const BOSS = { id: 'p-boss', organization_id: ORGANIZATION.id, email: 'boss@own.test', role: 'owner', password: 'pw-boss-0123456789' };
const ADMIN = { id: 'p-admin', organization_id: ORGANIZATION.id, email: 'admin@own.test', role: 'admin', password: 'pw-admin-0123456789' };
const WATCHER = { id: 'p-watch', organization_id: ORGANIZATION.id, email: 'watch@own.test', role: 'viewer', password: 'pw-watcher-0123456789' };
const LEAVER = { id: 'p-leave', organization_id: ORGANIZATION.id, email: 'leave@own.test', role: 'viewer', password: 'pw-leaver-0123456789' };
const PASSER = { id: 'p-pass', organization_id: ORGANIZATION.id, email: 'pass@own.test', role: 'viewer', password: 'pw-passer-0123456789' };

describe('Kadu with its own People', () => {
  let kadu: KaduTestApp;
  let host: OAuthHost;
  // Not identity's defaults (owners and admins for both), so an answer of identity's would show.
  const people = new InMemoryPeople([SUBJECT, BOSS, ADMIN, WATCHER, LEAVER, PASSER], [ORGANIZATION], {
    'approvals.decide': ['owner'],
    'audit.read': ['viewer'],
  });

  beforeAll(async () => {
    kadu = await startKadu({ host: { ...KADU, people: { useFactory: () => people } } });
    host = { baseUrl: kadu.baseUrl, issuer: kadu.baseUrl, resource: kadu.mcpUrl, mcpUrl: kadu.mcpUrl };
  });
  afterAll(() => kadu?.close());

  const signIn = (who: { email: string; password: string }) =>
    fetch(`${kadu.baseUrl}/sign-in`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ email: who.email, password: who.password }),
      redirect: 'manual',
    });
  const cookieOf = async (who: { email: string; password: string }) => {
    const res = await signIn(who);
    if (res.status !== 303) throw new Error(`sign-in of ${who.email}: ${res.status}`);
    return res.headers.get('set-cookie')!.split(';')[0];
  };
  const record = (id: string) =>
    kadu.db.selectFrom('users').select(['organization_id', 'email', 'role', 'password_hash']).where('id', '=', id).executeTakeFirst();

  /** An access and refresh token of `who`, through the consent page. */
  async function oauthTokens(who: { email: string; password: string }): Promise<{ clientId: string; access: string; refresh: string; consent: string }> {
    const clientId = await registeredClient(host);
    const browser = new Browser(host);
    await browser.signIn(who.email, who.password);
    const { verifier, challenge } = pkce();
    const consent = await browser.authorize(authorizationParams(host, clientId, challenge));
    if (consent.kind !== 'consent') throw new Error('expected the consent page');
    const back = await browser.decide(consent, 'allow');
    if (back.kind !== 'redirect') throw new Error(`expected the redirect, got ${back.status}`);
    const code = back.url.searchParams.get('code')!;
    const res = await tokenRequest(host, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      resource: host.resource,
    });
    const body = (await res.json()) as { access_token: string; refresh_token: string };
    return { clientId, access: body.access_token, refresh: body.refresh_token, consent: consent.html };
  }

  /** The JSON-RPC result of `method`, from a JSON or an event-stream answer. */
  async function rpc<T>(token: string, method: string, params: Record<string, unknown>): Promise<T> {
    const res = await mcp(host, token, method, params);
    const text = await res.text();
    const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1];
    return (JSON.parse(json) as { result: T }).result;
  }

  async function call(token: string, name: string, args: Record<string, unknown>): Promise<Record<string, string>> {
    return (await rpc<{ structuredContent: Record<string, string> }>(token, 'tools/call', { name, arguments: args })).structuredContent;
  }

  it('signs people in through the port, and keeps a record identity never signs in', async () => {
    expect((await signIn({ ...SUBJECT, password: 'not-the-password-0123' })).status).toBe(401);
    const res = await signIn(SUBJECT);
    expect(res.status).toBe(303);
    expect(people.calls).toContain('checkSignIn');
    expect(await record(SUBJECT.id)).toEqual({ organization_id: ORGANIZATION.id, email: SUBJECT.email, role: 'operator', password_hash: null });
    const organization = await kadu.db.selectFrom('organizations').select(['slug', 'name', 'plan']).where('id', '=', ORGANIZATION.id).executeTakeFirst();
    // Kadu's own column of organizations gets the value identity gives an organization asked for nothing.
    expect(organization).toEqual({ slug: 'own-co', name: 'Own Co', plan: 'free' });
    expect(await kadu.identity.verifyPassword(SUBJECT.email, SUBJECT.password)).toBeNull();
  });

  it('ends a session when the port’s stamp changes or the person is gone', async () => {
    const cookie = await cookieOf(WATCHER);
    const signedIn = await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(signedIn.status).toBe(200);
    people.setPassword(WATCHER.id, 'pw-watcher-new-0123456789');
    const after = await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe('/sign-in?next=%2Faudit');
    people.setPassword(WATCHER.id, WATCHER.password);

    const leaving = await cookieOf(LEAVER);
    expect((await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: leaving }, redirect: 'manual' })).status).toBe(200);
    people.remove(LEAVER.id);
    expect((await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: leaving }, redirect: 'manual' })).status).toBe(303);
  });

  it('issues tokens to the port’s people, decides approvals and the audit page by its word', async () => {
    const { access, consent } = await oauthTokens(SUBJECT);
    // The consent page names the organization as the port does.
    expect(consent).toContain('Own Co');
    const task = await call(access, 'kadu_tasks_create', { name: 'own people' });
    const { approval_id: id } = await call(access, 'kadu_tasks_delete', { id: task.id });
    expect(id).toEqual(expect.any(String));

    // An admin, whom identity would let decide, is refused by the port; the owner decides.
    const admin = await cookieOf(ADMIN);
    expect((await fetch(`${kadu.baseUrl}/approvals/${id}`, { headers: { Cookie: admin }, redirect: 'manual' })).status).toBe(403);
    expect(people.calls).toContain('may:approvals.decide');
    const boss = await cookieOf(BOSS);
    const page = await (await fetch(`${kadu.baseUrl}/approvals/${id}`, { headers: { Cookie: boss } })).text();
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(page)![1];
    const decided = await fetch(`${kadu.baseUrl}/approvals/${id}`, {
      method: 'POST',
      headers: { ...FORM, Cookie: boss },
      body: new URLSearchParams({ csrf_token: csrf, decision: 'continue' }),
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    const approval = await kadu.db.selectFrom('mcp_approvals').select(['status', 'decided_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(approval).toEqual({ status: 'approved', decided_by: BOSS.id });

    // The audit page: the viewer may read it, the admin may not.
    expect((await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: admin }, redirect: 'manual' })).status).toBe(403);
    const audit = await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: await cookieOf(WATCHER) }, redirect: 'manual' });
    expect(audit.status).toBe(200);
    expect(await audit.text()).toContain(SUBJECT.email);
    expect(people.calls).toContain('may:audit.read');
  });

  it('lets the port decide who reads the audit trail through the API and the tool, as on the page', async () => {
    // Records of both, as their sign-ins leave them, then API tokens of theirs.
    await cookieOf(ADMIN);
    await cookieOf(WATCHER);
    const apiToken = async (who: typeof ADMIN) =>
      (await kadu.identity.createToken({ organization: ORGANIZATION.slug, role: who.role, email: who.email, audience: 'api' })).token;
    const list = async (who: typeof ADMIN) => fetch(`${kadu.baseUrl}/api/v1/audit_events`, { headers: { Authorization: `Bearer ${await apiToken(who)}` } });

    // The admin, whom the tool's old role list let read, is refused by the port; the viewer reads.
    const refused = await list(ADMIN);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ statusCode: 403, message: 'Your role may not read the audit trail' });
    const allowed = await list(WATCHER);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

    // Over MCP the tool is listed for every role of a host with people of its own; each call asks the port.
    const watcher = (await oauthTokens(WATCHER)).access;
    const admin = (await oauthTokens(ADMIN)).access;
    const listed = async (token: string) => (await rpc<{ tools: { name: string }[] }>(token, 'tools/list', {})).tools.map((tool) => tool.name);
    expect(await listed(watcher)).toContain('kadu_audit_events_list');
    expect(await listed(admin)).toContain('kadu_audit_events_list');
    const read = await rpc<{ isError?: boolean; structuredContent: { data: unknown[] } }>(watcher, 'tools/call', {
      name: 'kadu_audit_events_list',
      arguments: {},
    });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent.data.length).toBeGreaterThan(0);
    const denied = await rpc<{ isError?: boolean; content: { text: string }[] }>(admin, 'tools/call', { name: 'kadu_audit_events_list', arguments: {} });
    expect(denied.isError).toBe(true);
    expect(denied.content[0].text).toContain('Your role may not read the audit trail');

    // Someone the port no longer knows reads nothing, whatever their record's role.
    const leaving = await apiToken(WATCHER);
    people.remove(WATCHER.id);
    const gone = await fetch(`${kadu.baseUrl}/api/v1/audit_events`, { headers: { Authorization: `Bearer ${leaving}` } });
    expect(gone.status).toBe(403);
    people.add(WATCHER);
  });

  it('gives an e-mail passed on to someone new, and keeps serving both', async () => {
    await cookieOf(PASSER);
    // The application removes a person and gives their e-mail to a newcomer: the first record gives it up.
    people.remove(PASSER.id);
    const NEWCOMER = { ...PASSER, id: 'p-new', password: 'pw-newcomer-0123456789' };
    people.add(NEWCOMER);
    expect((await signIn(NEWCOMER)).status).toBe(303);
    expect((await record(NEWCOMER.id))?.email).toBe(PASSER.email);
    expect((await record(PASSER.id))?.email).toBe(`${PASSER.id}@superseded.invalid`);
    // The newcomer's session and the rest of the server work on.
    expect((await fetch(`${kadu.baseUrl}/audit`, { headers: { Cookie: await cookieOf(NEWCOMER) }, redirect: 'manual' })).status).toBe(200);
  });

  it('refreshes the record at each token refresh, and refuses one for a person gone', async () => {
    const { clientId, refresh } = await oauthTokens(BOSS);
    people.setRole(BOSS.id, 'admin');
    // Until the refresh, the MCP endpoint's one query reads the record as it was.
    expect((await record(BOSS.id))?.role).toBe('owner');
    const refreshed = await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: refresh, client_id: clientId, resource: host.resource });
    expect(refreshed.status).toBe(200);
    expect((await record(BOSS.id))?.role).toBe('admin');

    people.remove(BOSS.id);
    const next = ((await refreshed.json()) as { refresh_token: string }).refresh_token;
    const refused = await tokenRequest(host, { grant_type: 'refresh_token', refresh_token: next, client_id: clientId, resource: host.resource });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('binds the descriptor’s People, not identity’s', () => {
    expect(kadu.app.get(People)).toBe(people);
  });
});
