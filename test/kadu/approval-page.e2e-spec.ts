/**
 * Kadu's approval page and sign-in over plain HTTP (docs/protocol.md §7): safe
 * headers, session cookie, CSRF, escaping, who may decide, no open redirect.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(30_000);

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const people = {
  subject: { email: 'operator@org-a.test', password: 'pw-operator-0123456789', role: 'operator' },
  colleague: { email: 'viewer@org-a.test', password: 'pw-viewer-0123456789', role: 'viewer' },
  admin: { email: 'admin@org-a.test', password: 'pw-admin-0123456789', role: 'admin' },
} as const;

describe('approval page over HTTP', () => {
  let kadu: KaduTestApp;
  let token: string;

  beforeAll(async () => {
    kadu = await startKadu();
    for (const person of Object.values(people)) {
      const minted = await kadu.token('org-a', person.role, { email: person.email, clientName: '<script>alert(1)</script>' });
      if (person === people.subject) token = minted;
      await kadu.identity.setPassword((await kadu.identity.findUserByEmail(person.email))!.id, person.password);
    }
  });
  afterAll(() => kadu?.close());

  /** A tool call of the subject's token: its structured result. */
  async function call(name: string, args: Record<string, unknown>): Promise<Record<string, string>> {
    const res = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    return ((await res.json()) as { result: { structuredContent: Record<string, string> } }).result.structuredContent;
  }

  /** The approval id of deleting a task named `name` (a task that exists: arguments are checked before anyone is asked). */
  async function approvalId(name: string): Promise<string> {
    const task = await call('kadu_tasks_create', { name });
    return (await call('kadu_tasks_delete', { id: task.id })).approval_id;
  }
  const signIn = async (who: { email: string; password: string }, next?: string) =>
    fetch(`${kadu.baseUrl}/sign-in`, { method: 'POST', headers: FORM, body: new URLSearchParams({ ...who, ...(next ? { next } : {}) }), redirect: 'manual' });
  const cookieOf = async (who: { email: string; password: string }) => (await signIn(who)).headers.get('set-cookie')!.split(';')[0];
  const page = (id: string, cookie: string) => fetch(`${kadu.baseUrl}/approvals/${id}`, { headers: { Cookie: cookie }, redirect: 'manual' });
  const csrfOf = async (id: string, cookie: string) => /name="csrf_token" value="([^"]*)"/.exec(await (await page(id, cookie)).text())![1];
  const post = (id: string, cookie: string, body: Record<string, string>) =>
    fetch(`${kadu.baseUrl}/approvals/${id}`, { method: 'POST', headers: { ...FORM, Cookie: cookie }, body: new URLSearchParams(body), redirect: 'manual' });
  const statusOf = async (id: string) => (await kadu.db.selectFrom('mcp_approvals').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('sends every page with safe headers and escapes what the client chose', async () => {
    const id = await approvalId('<img src=x onerror=alert(1)>');
    const res = await page(id, await cookieOf(people.subject));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; script-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'self'; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    // The page's one script is its own local-time script, allowed by hash; nothing the client chose runs.
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and redirects only to approval pages', async () => {
    const res = await signIn(people.subject, '/approvals/abc');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/approvals/abc');
    expect(res.headers.get('set-cookie')).toMatch(/^kadu_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/; HttpOnly; SameSite=Lax$/);
    expect((await signIn(people.subject, 'https://evil.test/')).headers.get('location')).toBe('/sign-in');
    const wrong = await signIn({ email: people.subject.email, password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('without a session, or with a forged cookie, sends the person to sign in', async () => {
    const id = await approvalId('t-signin');
    for (const cookie of ['', 'kadu_session=forged.value']) {
      const res = await page(id, cookie);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(`/approvals/${id}`)}`);
    }
    expect(await (await fetch(`${kadu.baseUrl}/sign-in`)).text()).toContain('<h1>Sign in to Kadu</h1>');
  });

  it('refuses a decision without the session CSRF token', async () => {
    const id = await approvalId('t-csrf');
    const cookie = await cookieOf(people.subject);
    const otherCsrf = await csrfOf(id, await cookieOf(people.subject));
    for (const body of [{ decision: 'continue' }, { decision: 'continue', csrf_token: otherCsrf }] as Array<Record<string, string>>) {
      expect((await post(id, cookie, body)).status).toBe(403);
    }
    expect(await statusOf(id)).toBe('pending');
  });

  it('a colleague without owner/admin may not decide (403); an admin of the organization may', async () => {
    const id = await approvalId('t-roles');
    const colleague = await cookieOf(people.colleague);
    expect((await page(id, colleague)).status).toBe(403);
    const admin = await cookieOf(people.admin);
    const decided = await post(id, admin, { csrf_token: await csrfOf(id, admin), decision: 'cancel' });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe(`/approvals/${id}`);
    expect(await statusOf(id)).toBe('cancelled');
  });

  it('an unknown approval is 404', async () => {
    expect((await page('00000000-0000-4000-8000-000000000000', await cookieOf(people.subject))).status).toBe(404);
  });
});
