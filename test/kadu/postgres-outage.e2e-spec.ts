/**
 * Kadu on a PostgreSQL that restarts and stops under it (a throwaway
 * cluster, `pg_ctl restart -m fast` / `stop -m fast`), the application in
 * this process: an `error` event nobody heard would end the test run. The
 * replica lives, answers 503 + `Retry-After` while the server is away, and
 * 200 once it is back; started while the server is down, it waits for it.
 */
import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { Client } from 'pg';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { eventually } from '../support/eventually';
import { callTool } from './reliability.support';

jest.setTimeout(120_000);

const UNAVAILABLE = { statusCode: 503, message: 'Service temporarily unavailable: retry the request', error: 'Service Unavailable' };

describe('Kadu through a PostgreSQL outage', () => {
  let cluster: PostgresCluster;
  let warn: jest.SpyInstance;
  let log: jest.SpyInstance;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  });
  afterAll(() => cluster?.stop());
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn');
    log = jest.spyOn(Logger.prototype, 'log');
  });
  afterEach(() => jest.restoreAllMocks());

  const said = (spy: jest.SpyInstance, prefix: string) => spy.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith(prefix));

  async function get(kadu: KaduTestApp, token: string, path: string) {
    const res = await fetch(`${kadu.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  }

  it('survives a fast restart mid-transaction and a stop: 503 + Retry-After meanwhile, 200 after, one line each way', async () => {
    await cluster.admin('create database outage');
    const kadu = await startKadu({ databaseUrl: cluster.urlOf('outage'), env: { KADU_EXECUTION_POLL_MS: '0', DATABASE_ACQUIRE_TIMEOUT_MS: '1000' } });
    try {
      const api = await kadu.token('org-a', 'admin', { audience: 'api' });
      const mcp = await kadu.token('org-a', 'admin');
      expect((await get(kadu, api, '/api/v1/tasks')).status).toBe(200);

      // A transaction holds its connection across the restart, as a request's does: pg-pool no longer listens to it.
      const held = kadu.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        cluster.restart();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(held).rejects.toBeInstanceOf(Error);
      const after = await eventually(async () => {
        const answer = await get(kadu, api, '/api/v1/tasks');
        return answer.status === 200 ? answer : undefined;
      });
      expect(after.status).toBe(200);

      cluster.halt();
      try {
        expect(await get(kadu, api, '/api/v1/tasks')).toEqual({ status: 503, retryAfter: '1', body: UNAVAILABLE });
        const viaMcp = await callTool(kadu, mcp, 'kadu_tasks_list', {}, 'm1');
        // The token is checked in the database before the body is read (protocol §1), so the answer cannot name the id.
        expect([viaMcp.status, viaMcp.headers.get('retry-after'), viaMcp.body]).toEqual([
          503,
          '1',
          { jsonrpc: '2.0', id: null, error: { code: -32030, message: 'Server unavailable' } },
        ]);
        const ready = await fetch(`${kadu.baseUrl}/readyz`);
        expect(ready.status).toBe(503);
        expect(((await ready.json()) as { failed: string[] }).failed).toContain('database');
      } finally {
        cluster.start();
      }
      const back = await eventually(async () => {
        const answer = await callTool(kadu, mcp, 'kadu_tasks_list', {}, 'm2');
        return answer.status === 200 ? answer : undefined;
      });
      expect(back.body.result).toBeDefined();
      expect((await get(kadu, api, '/api/v1/tasks')).status).toBe(200);
      expect((await fetch(`${kadu.baseUrl}/readyz`)).status).toBe(200);

      const lost = said(warn, 'PostgreSQL connection lost');
      expect(lost.length).toBeGreaterThanOrEqual(1);
      expect(lost[0]).toMatch(/^PostgreSQL connection lost \((57P01|CONNECTION_LOST|ECONNRESET): /);
      // One line per outage: the restart, then the stop, each ended by a connection that opened again.
      expect(lost.length).toBeLessThanOrEqual(2);
      expect(said(log, 'PostgreSQL connection restored')).toHaveLength(lost.length);
    } finally {
      await kadu.close();
    }
  });

  it('a statement stalled on a lock past DATABASE_STATEMENT_TIMEOUT_MS: 503 + Retry-After, nothing written; the retry with its key writes once', async () => {
    await cluster.admin('create database stalled');
    const kadu = await startKadu({ databaseUrl: cluster.urlOf('stalled'), env: { KADU_EXECUTION_POLL_MS: '0', DATABASE_STATEMENT_TIMEOUT_MS: '500' } });
    const locker = new Client({ connectionString: cluster.urlOf('stalled') });
    try {
      const api = await kadu.token('org-a', 'admin', { audience: 'api' });
      const create = async () => {
        const res = await fetch(`${kadu.baseUrl}/api/v1/tasks`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${api}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'stalled-1' },
          body: JSON.stringify({ name: 'Stalled', rules: [] }),
        });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { id?: string } };
      };
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table tasks in access exclusive mode');
      const started = Date.now();
      const refused = await create();
      expect(Date.now() - started).toBeLessThan(5000);
      expect(refused).toEqual({ status: 503, retryAfter: '1', body: UNAVAILABLE });
      expect(said(warn, 'Transient database fault')).toContain('Transient database fault 57014 on POST /api/v1/tasks: answered 503, Retry-After 1');
      await locker.query('rollback');

      const created = await create();
      const replayed = await create();
      expect(created.status).toBe(201);
      expect(replayed.body).toEqual(created.body);
      expect(await kadu.db.selectFrom('tasks').select('id').where('name', '=', 'Stalled').execute()).toEqual([{ id: created.body.id }]);
    } finally {
      await locker.end();
      await kadu.close();
    }
  });

  it('started while the server is down: waits, saying why, and serves once the server is up', async () => {
    await cluster.admin('create database late');
    cluster.halt();
    let started: Promise<KaduTestApp> | undefined;
    try {
      started = startKadu({ databaseUrl: cluster.urlOf('late'), env: { KADU_EXECUTION_POLL_MS: '0', DATABASE_STARTUP_TIMEOUT_MS: '60000' } });
      await eventually(async () => (said(warn, 'Waiting for the database').length >= 2 ? true : undefined));
    } finally {
      cluster.start();
    }
    const kadu = await started;
    try {
      expect(said(warn, 'Waiting for the database')[0]).toMatch(
        /^Waiting for the database \(ECONNREFUSED: connection refused\): next attempt in 250 ms, giving up in \d+ ms$/,
      );
      const api = await kadu.token('org-a', 'admin', { audience: 'api' });
      expect((await get(kadu, api, '/api/v1/tasks')).status).toBe(200);
    } finally {
      await kadu.close();
    }
  });

  it('gives up past DATABASE_STARTUP_TIMEOUT_MS with a message naming the bound and the cause', async () => {
    cluster.halt();
    try {
      await expect(startKadu({ databaseUrl: cluster.urlOf('late'), env: { DATABASE_STARTUP_TIMEOUT_MS: '1000' } })).rejects.toThrow(
        'The database did not answer within 1000 ms (DATABASE_STARTUP_TIMEOUT_MS); last fault ECONNREFUSED: connection refused',
      );
    } finally {
      cluster.start();
    }
  });
});
