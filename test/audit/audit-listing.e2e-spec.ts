/**
 * Reading the audit trail on both hosts: `GET /api/v1/audit_events` (owners
 * and admins; filters; cursor), the same JSON from the listing tool, one
 * organization never seeing another's events, and the pruner.
 */
import { AuditEventsPruner, AuditEventView } from '@kobana/audit';
import { McpCaller } from '@kobana/mcp';
import { AuditHost, billingHost, callerOf, clientOf, eventsOf, kaduHost } from './audit.support';

jest.setTimeout(90_000);

const HOSTS: Array<[string, () => Promise<AuditHost>]> = [
  ['Kadu', kaduHost],
  ['Billing', billingHost],
];

interface Listing {
  data: AuditEventView[];
  meta: { next_cursor: string | null; limit: number };
}

describe.each(HOSTS)('%s: GET /api/v1/audit_events', (_name, start) => {
  let host: AuditHost;
  let ownerApi: string;
  let caller: McpCaller;
  let orgB: McpCaller;

  const get = async (token: string, query = ''): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${host.baseUrl}/api/v1/audit_events${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    host = await start();
    ownerApi = await host.token('org-a', 'owner', { clientId: 'rest-owner', audience: 'api' });
    const token = await host.token('org-a', 'owner', { clientId: 'listing-a' });
    caller = await callerOf(host, token);
    const mcp = await clientOf(host, token, '2026');
    for (let i = 0; i < 3; i++) await mcp.callTool(host.list.tool, {});
    await mcp.send('tools/call', { name: 'no_such_tool', arguments: {} });
    await mcp.callTool(host.missing.tool, host.missing.args);
    const tokenB = await host.token('org-b', 'owner', { clientId: 'listing-b' });
    orgB = await callerOf(host, tokenB);
    await (await clientOf(host, tokenB, '2025')).callTool(host.list.tool, {});
    await eventsOf(host, caller.client_id);
  });
  afterAll(async () => {
    await host?.close();
  });

  it('lists the organization’s events newest first, and only its own', async () => {
    const all = await get(ownerApi);
    expect(all.status).toBe(200);
    const listing = all.body as Listing;
    expect(listing.meta).toEqual({ next_cursor: null, limit: 25 });
    expect(listing.data.map((event) => event.tool)).toEqual([host.missing.tool, 'no_such_tool', host.list.tool, host.list.tool, host.list.tool]);
    expect(listing.data.every((event) => event.organization_id === caller.organization_id)).toBe(true);
    expect(listing.data[0]).toMatchObject({ client_id: 'listing-a', decision: 'allowed', outcome: 'error_result', status: 404 });
    const times = listing.data.map((event) => event.time);
    expect([...times].sort().reverse()).toEqual(times);

    const other = (await get(await host.token('org-b', 'owner', { clientId: 'rest-b', audience: 'api' }))).body as Listing;
    expect(other.data).toHaveLength(1);
    expect(other.data[0]).toMatchObject({ organization_id: orgB.organization_id, client_id: 'listing-b', era: '2025' });
  });

  it('admins read it; other roles get 403 like every role-restricted route', async () => {
    expect((await get(await host.token('org-a', 'admin', { clientId: 'rest-admin', audience: 'api' }))).status).toBe(200);
    const viewer = await get(await host.token('org-a', 'viewer', { clientId: 'rest-viewer', audience: 'api' }));
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('filters by tool, client, subject, decision and period, combined', async () => {
    const count = async (query: string) => ((await get(ownerApi, query)).body as Listing).data.length;
    expect(await count(`?tool=${host.list.tool}`)).toBe(3);
    expect(await count('?decision=unknown_tool')).toBe(1);
    expect(await count(`?decision=allowed&tool=${host.missing.tool}`)).toBe(1);
    expect(await count('?client_id=listing-a')).toBe(5);
    expect(await count('?client_id=listing-b')).toBe(0);
    expect(await count(`?subject=${caller.subject}`)).toBe(5);
    expect(await count(`?since=${new Date(Date.now() + 60_000).toISOString()}`)).toBe(0);
    expect(await count(`?since=${new Date(Date.now() - 600_000).toISOString()}&until=${new Date(Date.now() + 60_000).toISOString()}`)).toBe(5);
    expect(await count(`?until=${new Date(Date.now() - 600_000).toISOString()}`)).toBe(0);
  });

  it('refuses bad filters and cursors with 400, changing nothing', async () => {
    expect((await get(ownerApi, '?decision=maybe')).status).toBe(400);
    expect((await get(ownerApi, '?since=yesterday')).status).toBe(400);
    expect((await get(ownerApi, '?since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z')).body).toMatchObject({
      statusCode: 400,
      message: '"since" must be before "until"',
    });
    expect((await get(ownerApi, '?cursor=not-a-cursor')).body).toMatchObject({
      statusCode: 400,
      message: 'cursor is invalid: pass meta.next_cursor of a previous page unchanged, or omit it',
    });
    expect((await get(ownerApi, '?limit=0')).status).toBe(400);
    expect((await get(ownerApi, '?color=blue')).status).toBe(400);
  });

  it('pages with an opaque cursor until next_cursor is null', async () => {
    const everything = ((await get(ownerApi)).body as Listing).data.map((event) => event.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Listing = (await get(ownerApi, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((event) => event.id));
      cursor = page.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual(everything);
  });

  it('the tool answers the same JSON as the route', async () => {
    const route = (await get(ownerApi, `?tool=${host.list.tool}&limit=2`)).body;
    const mcp = await clientOf(host, await host.token('org-a', 'owner', { clientId: 'listing-tool' }), '2026');
    const outcome = await mcp.callTool(host.auditTool, { tool: host.list.tool, limit: 2 });
    expect(outcome.isError).toBeFalsy();
    expect(outcome.structuredContent).toEqual(route);
  });

  it('prunes events older than the retention (90 days by default), and only those', async () => {
    const [recent] = ((await get(ownerApi, '?limit=1')).body as Listing).data;
    const old = new Date(Date.now() - 91 * 24 * 60 * 60_000).toISOString();
    await host.db
      .insertInto('audit_events')
      .values({
        ...recent,
        id: '00000000-0000-4000-8000-000000000001',
        time: old,
        client_info: null,
        arguments: JSON.stringify(recent.arguments),
      })
      .execute();
    expect(((await get(ownerApi, `?until=${new Date(Date.now() - 90 * 24 * 60 * 60_000).toISOString()}`)).body as Listing).data).toHaveLength(1);
    expect(await host.app.get(AuditEventsPruner).prune()).toBe(1);
    expect(((await get(ownerApi, '?client_id=listing-a')).body as Listing).data).toHaveLength(5);
  });
});
