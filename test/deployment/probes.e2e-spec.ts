/**
 * The load balancer's probes on both hosts, over real HTTP: `/healthz`
 * (liveness, no database) and `/readyz` (database, migrations, Redis when
 * configured, not draining), what each answers when a check fails, and
 * that bad input gets a 4xx while the probes stay out of the audit trail.
 */
import { Kysely, sql } from 'kysely';
import { HostReadiness, ReadinessAnswer } from '@kobana/host-kit';
import { BillingTestApp, startBilling } from '../billing/billing-app';
import { startRedis, TestRedis } from '../mcp/limits-redis.support';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { HOST_DATABASE as KADU_DATABASE, HOST_DATABASE as BILLING_DATABASE } from '@kobana/platform';

jest.setTimeout(60_000);

async function get(baseUrl: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${baseUrl}${path}`, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body, headers: res.headers };
}

/** Requests a probe must refuse (or answer) without a 5xx. */
const HOSTILE: Array<[string, RequestInit]> = [
  ['/healthz', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }],
  ['/readyz', { method: 'DELETE' }],
  ['/readyz', { method: 'PUT', body: 'x'.repeat(2 * 1024 * 1024), headers: { 'Content-Type': 'application/json' } }],
  ['/healthz', { method: 'POST', body: '{"a":', headers: { 'Content-Type': 'application/json' } }],
  ['/readyz', { headers: { Authorization: 'Bearer not-a-token', 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': 'garbage, ::zz' } }],
  ['/healthz?x=%E0%A4%A', {}],
];

function probeCases(
  name: string,
  start: () => Promise<{ baseUrl: string; app: KaduTestApp['app']; close(): Promise<void> }>,
  database: symbol,
  checks: string[],
  hostWorkers: string[],
) {
  describe(`${name} probes`, () => {
    let host: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      host = await start();
    });
    afterAll(() => host?.close());

    it('GET /healthz answers 200 {"status":"ok"}, not cached', async () => {
      const answer = await get(host.baseUrl, '/healthz');
      expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect((await fetch(`${host.baseUrl}/healthz`, { method: 'HEAD' })).status).toBe(200);
    });

    it('GET /readyz answers 200 with each check, a worker: check and the details of each background worker', async () => {
      const answer = await get(host.baseUrl, '/readyz');
      expect(answer.status).toBe(200);
      const body = answer.body as ReadinessAnswer;
      const workers = Object.keys(body.workers);
      expect(workers).toEqual(expect.arrayContaining(hostWorkers));
      expect(body).toEqual({
        status: 'ready',
        checks: Object.fromEntries([...['draining', ...checks], ...workers.map((worker) => `worker:${worker}`)].map((check) => [check, 'ok'])),
        workers: Object.fromEntries(
          workers.map((worker) => [worker, { last_success_at: expect.any(String), consecutive_failures: 0, stale_after_ms: expect.any(Number) }]),
        ),
      });
    });

    it('bad methods, bodies and headers get a 4xx, never a 5xx; a query or stray headers change nothing', async () => {
      for (const [path, init] of HOSTILE) {
        const answer = await get(host.baseUrl, path, init);
        const ok = (init.method ?? 'GET') === 'GET' ? [200, 400] : [400, 404, 405, 413, 415];
        expect({ path, method: init.method, status: answer.status, ok: ok.includes(answer.status) }).toMatchObject({ ok: true });
      }
    });

    it('a pending migration makes /readyz 503 naming it; /healthz still 200', async () => {
      const db = host.app.get<Kysely<any>>(database, { strict: false });
      const last = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
      const migration = last.rows[0].name;
      await sql`delete from kysely_migration where name = ${migration}`.execute(db);
      try {
        const answer = await get(host.baseUrl, '/readyz');
        expect(answer.status).toBe(503);
        expect((answer.body as ReadinessAnswer).failed).toEqual(['migrations']);
        expect((answer.body as ReadinessAnswer).checks.migrations).toBe(`1 migration(s) not applied: ${migration}`);
        expect((await get(host.baseUrl, '/healthz')).status).toBe(200);
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${migration}, ${new Date().toISOString()})`.execute(db);
      }
      expect((await get(host.baseUrl, '/readyz')).status).toBe(200);
    });

    it('once draining, /readyz answers 503 naming it, whatever the other checks say', async () => {
      host.app.get(HostReadiness).markDraining();
      const answer = await get(host.baseUrl, '/readyz');
      expect(answer).toMatchObject({ status: 503, body: { status: 'unavailable', failed: ['draining'], checks: { draining: 'draining for shutdown' } } });
      expect((await get(host.baseUrl, '/healthz')).status).toBe(200);
    });
  });
}

const PLATFORM_WORKERS = ['ApprovalsPruner', 'AuditEventsPruner', 'OAuthPruner'];
probeCases('Kadu', () => startKadu(), KADU_DATABASE, ['database', 'migrations', 'storage'], [...PLATFORM_WORKERS, 'executions', 'webhook-deliveries']);
probeCases('Billing', () => startBilling() as Promise<BillingTestApp>, BILLING_DATABASE, ['database', 'migrations', 'storage'], PLATFORM_WORKERS);

describe('Kadu probes with Redis', () => {
  let redis: TestRedis;
  let kadu: KaduTestApp;
  let redisStopped = false;
  beforeAll(async () => {
    redis = await startRedis();
    kadu = await startKadu({ env: { KADU_REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await kadu?.close();
    if (!redisStopped) await redis?.stop();
  });

  it('checks Redis, and answers 503 naming it when Redis is gone, without touching the audit trail', async () => {
    const before = await kadu.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await get(kadu.baseUrl, '/readyz')).body).toMatchObject({ status: 'ready', checks: { redis: 'ok', database: 'ok' } });
    await redis.stop();
    redisStopped = true;
    const answer = await get(kadu.baseUrl, '/readyz');
    expect(answer).toMatchObject({ status: 503, body: { failed: ['redis'], checks: { redis: 'failed', database: 'ok', migrations: 'ok', draining: 'ok' } } });
    expect((await get(kadu.baseUrl, '/healthz')).status).toBe(200);
    const after = await kadu.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
