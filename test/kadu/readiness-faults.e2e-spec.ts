/**
 * `/readyz` against a real PostgreSQL that stalls: frozen with SIGSTOP (no
 * error, no answer), and with every pooled connection busy. The probe must
 * answer 503 naming the database within its budget, and 200 once the
 * database is back: a prober that hears nothing takes the replica for dead.
 */
import { sql } from 'kysely';
import { POSTGRES_POOL_MAX } from '@kobana/database';
import type { ReadinessAnswer } from '@kobana/host-kit';
import { eventually } from '../support/eventually';
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { FrozenPostgres, freezePostgres } from '../support/postgres-freeze';
import { KaduTestApp, startKadu } from '../support/kadu-app';

const BUDGET_MS = 500;
/** What the probe may take over its budget: Express, JSON, a loaded two-core machine. */
const SLACK_MS = 400;

describe('readiness while PostgreSQL stalls', () => {
  let cluster: PostgresCluster;
  let kadu: KaduTestApp;
  let frozen: FrozenPostgres | undefined;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    await cluster.admin('create database kadu');
    kadu = await startKadu({ databaseUrl: cluster.urlOf('kadu'), env: { READINESS_TIMEOUT_MS: String(BUDGET_MS), KADU_EXECUTION_POLL_MS: '200' } });
  }, 60_000);
  afterEach(() => frozen?.thaw());
  afterAll(async () => {
    frozen?.thaw();
    await kadu?.close();
    cluster?.stop();
  }, 60_000);

  async function probe(): Promise<{ status: number; ms: number; body: ReadinessAnswer; retryAfter: string | null }> {
    const started = Date.now();
    const res = await fetch(`${kadu.baseUrl}/readyz`, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as ReadinessAnswer;
    return { status: res.status, ms: Date.now() - started, body, retryAfter: res.headers.get('retry-after') };
  }

  it('answers 503 naming the database within its budget while PostgreSQL is frozen, 200 once it is thawed', async () => {
    expect((await probe()).status).toBe(200);
    frozen = freezePostgres(cluster);
    // Several probes through the freeze: each answers in time, none waits for the one before.
    for (let i = 0; i < 4; i++) {
      const answer = await probe();
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
      expect(answer.retryAfter).toBe('1');
      expect(answer.body.failed).toEqual(expect.arrayContaining(['database', 'migrations']));
      expect(answer.body.checks.database).toBe(`no answer within ${BUDGET_MS} ms`);
    }
    // Liveness never touches the database.
    const live = await fetch(`${kadu.baseUrl}/healthz`, { signal: AbortSignal.timeout(BUDGET_MS + SLACK_MS) });
    expect(live.status).toBe(200);
    frozen.thaw();
    frozen = undefined;
    const ready = await eventually(async () => {
      const answer = await probe();
      return answer.status === 200 ? answer : undefined;
    }, 20_000);
    expect(ready.body.checks).toMatchObject({ database: 'ok', migrations: 'ok', 'worker:executions': 'ok' });
  }, 60_000);

  it('answers 503 naming the database within its budget while every pooled connection is busy', async () => {
    // Every connection of the pool held by a query that sleeps: the probe's query would wait for a slot.
    const hold = Array.from({ length: POSTGRES_POOL_MAX }, () => sql`select pg_sleep(3)`.execute(kadu.db));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await probe();
    expect(answer.status).toBe(503);
    expect(answer.ms).toBeLessThan(BUDGET_MS + SLACK_MS);
    expect(answer.body.failed).toContain('database');
    await Promise.all(hold);
    await eventually(async () => ((await probe()).status === 200 ? true : undefined), 20_000);
  }, 60_000);
});
