/**
 * An approval session past its expiry is no session: the approval page asks
 * to sign in again, and a Continue sent with it (CSRF token and all, taken
 * while it was valid) decides nothing.
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(30_000);

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const person = { email: 'owner@org-expiry.test', password: 'pw-owner-0123456789' };

describe('approval page with an expired session', () => {
  let kadu: KaduTestApp;
  let token: string;

  beforeAll(async () => {
    kadu = await startKadu();
    token = await kadu.token('org-expiry', 'owner', { email: person.email });
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(person.email))!.id, person.password);
  });
  afterAll(() => kadu?.close());

  it('is sent to sign in again, and its Continue is refused: the approval stays pending', async () => {
    const callTool = async (name: string, args: object) => {
      const res = await fetch(kadu.mcpUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      return ((await res.json()) as { result: { structuredContent: { id: string; approval_id: string } } }).result.structuredContent;
    };
    // A task of the caller's organization: a destructive call naming an unknown id is refused before anyone is asked.
    const task = await callTool('kadu_tasks_create', { name: 'Statement', rules: [{ category: 'fees', match: 'tarifa' }] });
    const id = (await callTool('kadu_tasks_delete', { id: task.id })).approval_id;
    const signedIn = await fetch(`${kadu.baseUrl}/sign-in`, { method: 'POST', headers: FORM, body: new URLSearchParams(person), redirect: 'manual' });
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0];
    const page = () => fetch(`${kadu.baseUrl}/approvals/${id}`, { headers: { Cookie: cookie }, redirect: 'manual' });

    // While the session is valid, the page shows the decision and its CSRF token.
    const valid = await page();
    expect(valid.status).toBe(200);
    const csrf = /name="csrf_token" value="([^"]*)"/.exec(await valid.text())![1];

    await kadu.db
      .updateTable('approval_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();

    const signInAgain = `/sign-in?next=${encodeURIComponent(`/approvals/${id}`)}`;
    const expired = await page();
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe(signInAgain);
    const decided = await fetch(`${kadu.baseUrl}/approvals/${id}`, {
      method: 'POST',
      headers: { ...FORM, Cookie: cookie },
      body: new URLSearchParams({ csrf_token: csrf, decision: 'continue' }),
      redirect: 'manual',
    });
    expect(decided.status).toBe(303);
    expect(decided.headers.get('location')).toBe(signInAgain);
    const approval = await kadu.db.selectFrom('mcp_approvals').select(['status', 'decided_by']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(approval).toEqual({ status: 'pending', decided_by: null });
  });
});
