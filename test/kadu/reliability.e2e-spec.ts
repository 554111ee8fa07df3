/**
 * Kadu under faults: draining for shutdown, executions handed back or taken
 * back by their lease, a locked database, a saturated queue, rate limits.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpDrainService } from '@kobana/mcp';
import { POSTGRES_CONNECT_TIMEOUT_MS, SQLITE_BUSY_TIMEOUT_MS } from '@kobana/database';
import { StatementAgent } from '../../src/executions/agent/statement-agent.service';
import { ExecutionWorker } from '../../src/executions/execution.worker';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { createPostgresTestDatabase, testsOnPostgres } from '../support/migrated-test.database';
import { callTool, holdEveryPooledConnection, rest, seedRunnable, snapshot, until } from './reliability.support';

jest.setTimeout(60_000);

const UNAVAILABLE = (id: number | string | null) => ({ jsonrpc: '2.0', id, error: { code: -32030, message: 'Server unavailable' } });

async function tokens(kadu: KaduTestApp, org = 'org-a') {
  return { mcp: await kadu.token(org, 'admin'), api: await kadu.token(org, 'admin', { audience: 'api' }) };
}

async function execution(kadu: KaduTestApp, id: string) {
  return kadu.db.selectFrom('executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('Kadu: draining and executions across shutdown', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'kadu-reliability-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers 503 -32030 with Retry-After once draining has started', async () => {
    const kadu = await startKadu();
    try {
      const { mcp } = await tokens(kadu);
      await kadu.app.get(McpDrainService).drain();
      const refused = await callTool(kadu, mcp, 'kadu_organization_get', {}, 3);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body).toEqual(UNAVAILABLE(null));
    } finally {
      await kadu.close();
    }
  });

  it('hands a running execution back at shutdown, and another replica finishes it', () => acrossReplicas(handBackAcrossReplicas));

  it('renews the lease of a run longer than the lease: a second replica polling meanwhile never takes it over', () => acrossReplicas(longRunAcrossReplicas));

  /**
   * Runs `scenario` on one database two replicas share and that outlives the
   * first: on PostgreSQL created here, not by startKadu (which drops its own at close).
   */
  async function acrossReplicas(scenario: (databaseUrl: string, filesDir: string) => Promise<void>): Promise<void> {
    const postgres = testsOnPostgres() ? await createPostgresTestDatabase() : undefined;
    try {
      await scenario(postgres?.url ?? `sqlite:${join(dataDir, 'kadu.sqlite')}`, join(dataDir, 'files'));
    } finally {
      await postgres?.drop();
    }
  }

  async function longRunAcrossReplicas(databaseUrl: string, filesDir: string): Promise<void> {
    const env = { KADU_FILES_DIR: filesDir, KADU_EXECUTION_POLL_MS: '20', KADU_EXECUTION_LEASE_MS: '1000' };
    // Both replicas are up before the run exists: starting one in this process blocks, for about a lease, the
    // event loop the other's renewals run on, which no two real replicas share.
    const first = await startKadu({ databaseUrl, env });
    let second: KaduTestApp | undefined;
    try {
      second = await startKadu({ databaseUrl, env });
      const { api } = await tokens(first);
      // Whichever replica claims the run, its agent takes three leases' time, then does its real work.
      const slow = (kadu: KaduTestApp) => {
        const agent = kadu.app.get(StatementAgent);
        const realProcess = agent.process.bind(agent);
        return jest.spyOn(agent, 'process').mockImplementation(async (claimed) => {
          await new Promise((resolve) => setTimeout(resolve, 3000));
          return realProcess(claimed);
        });
      };
      const agents = [slow(first), slow(second)];
      const { taskId, fileId } = await seedRunnable(first, 'org-a', api);
      const run = await rest(first, api, 'POST', `/tasks/${taskId}/runs`, { input_file_ids: [fileId] });
      expect(run.status).toBe(202);
      const workers: string[] = [first.app.get(ExecutionWorker).id, second.app.get(ExecutionWorker).id];
      await until(async () => workers.includes((await execution(first, run.body.id)).worker_id ?? ''));

      await until(async () => (await execution(first, run.body.id)).status === 'succeeded', 10_000);
      expect(await execution(first, run.body.id)).toMatchObject({ status: 'succeeded', claim_count: 1, worker_id: null, lease_expires_at: null });
      // One replica ran it, once; the other, polling every 20 ms through three leases, never took it over.
      expect(agents.map((agent) => agent.mock.calls.length).sort()).toEqual([0, 1]);
    } finally {
      await second?.close();
      await first.close();
    }
  }

  async function handBackAcrossReplicas(databaseUrl: string, filesDir: string): Promise<void> {
    const files = { KADU_FILES_DIR: filesDir };
    const first = await startKadu({ databaseUrl, env: { ...files, KADU_EXECUTION_POLL_MS: '20', KADU_EXECUTION_HANDBACK_MS: '150' } });
    const { api } = await tokens(first);
    // The agent never finishes on this replica: as if it were stopped mid-run.
    jest.spyOn(first.app.get(StatementAgent), 'process').mockImplementation(() => new Promise(() => undefined));
    const { taskId, fileId } = await seedRunnable(first, 'org-a', api);
    const run = await rest(first, api, 'POST', `/tasks/${taskId}/runs`, { input_file_ids: [fileId] });
    expect(run.status).toBe(202);
    const workerId = first.app.get(ExecutionWorker).id;
    await until(async () => (await execution(first, run.body.id)).worker_id === workerId);

    const started = Date.now();
    await first.close();
    expect(Date.now() - started).toBeLessThan(3000);

    const second = await startKadu({ databaseUrl, env: { ...files, KADU_EXECUTION_POLL_MS: '20' } });
    try {
      await until(async () => (await execution(second, run.body.id)).status === 'succeeded');
      const row = await execution(second, run.body.id);
      expect(row).toMatchObject({ status: 'succeeded', worker_id: null, lease_expires_at: null });
      expect(await second.db.selectFrom('executions').select('id').execute()).toHaveLength(1);
    } finally {
      await second.close();
    }
  }
});

describe('Kadu: faults', () => {
  let kadu: KaduTestApp;
  let mcp: string;
  let api: string;
  beforeEach(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '0', KADU_EXECUTION_QUEUE_MAX: '2', KADU_RATE_LIMIT_WRITE: '5' } });
    ({ mcp, api } = await tokens(kadu));
  });
  afterEach(() => kadu.close());

  it('takes back an execution whose worker crashed (lease expired), never one whose lease still holds', async () => {
    const { taskId, fileId } = await seedRunnable(kadu, 'org-a', api);
    const { body } = await rest(kadu, api, 'POST', `/tasks/${taskId}/runs`, { input_file_ids: [fileId] });
    const crashed = { status: 'running' as const, worker_id: 'crashed-worker', started_at: new Date().toISOString() };
    const worker = kadu.app.get(ExecutionWorker);

    await kadu.db
      .updateTable('executions')
      .set({ ...crashed, lease_expires_at: new Date(Date.now() + 60_000).toISOString() })
      .execute();
    expect(await worker.runOnce()).toBe(false);
    expect((await execution(kadu, body.id)).status).toBe('running');

    await kadu.db
      .updateTable('executions')
      .set({ lease_expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await worker.runOnce()).toBe(true);
    expect(await execution(kadu, body.id)).toMatchObject({ status: 'succeeded', worker_id: null, lease_expires_at: null });
  });

  // SQLite only: it holds the file's lock from a second better-sqlite3 handle.
  const onSqlite = testsOnPostgres() ? it.skip : it;

  onSqlite('a database locked past busy_timeout: 503 + Retry-After (retryable), no partial write, and the retry succeeds once', async () => {
    const before = await snapshot(kadu.db);
    const locker = new Database(kadu.databaseUrl.replace(/^sqlite:/, ''));
    locker.exec('BEGIN EXCLUSIVE');
    const args = { name: 'Locked', rules: [], idempotency_key: 'locked-1' };
    const started = Date.now();
    let refused;
    try {
      refused = await callTool(kadu, mcp, 'kadu_tasks_create', args, 'w1');
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    const waited = Date.now() - started;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual(UNAVAILABLE('w1'));
    // Never longer than busy_timeout: SQLite waits that long for a plain write, and refuses at once a
    // transaction that read first and must then upgrade to write (the idempotency check does).
    expect(waited).toBeLessThan(SQLITE_BUSY_TIMEOUT_MS + 2000);
    expect(await snapshot(kadu.db)).toEqual(before);

    const retried = await callTool(kadu, mcp, 'kadu_tasks_create', args, 'w2');
    const again = await callTool(kadu, mcp, 'kadu_tasks_create', args, 'w3');
    expect(retried.status).toBe(200);
    expect(again.body.result.structuredContent).toEqual(retried.body.result.structuredContent);
    expect(await kadu.db.selectFrom('tasks').select('id').where('name', '=', 'Locked').execute()).toHaveLength(1);
  });

  // PostgreSQL only: SQLite has one connection and no pool to exhaust.
  const onPostgres = testsOnPostgres() ? it : it.skip;

  onPostgres('every pooled connection busy past the connect timeout: 503 + Retry-After, never a hang; answered again once one frees', async () => {
    const pool = await holdEveryPooledConnection(kadu.db);
    try {
      const started = Date.now();
      const refused = await callTool(kadu, mcp, 'kadu_tasks_list', {}, 'busy');
      expect(Date.now() - started).toBeLessThan(POSTGRES_CONNECT_TIMEOUT_MS + 2000);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      // The token lookup is what times out, before the request's JSON-RPC id is read (as when draining).
      expect(refused.body).toEqual(UNAVAILABLE(null));
    } finally {
      await pool.release();
    }
    expect((await callTool(kadu, mcp, 'kadu_tasks_list', {}, 'freed')).status).toBe(200);
  });

  it('a saturated execution queue: runs get 503 + Retry-After, reads still pass, nothing is queued', async () => {
    const { taskId, fileId } = await seedRunnable(kadu, 'org-a', api);
    for (let i = 0; i < 2; i++) expect((await rest(kadu, api, 'POST', `/tasks/${taskId}/runs`, { input_file_ids: [fileId] })).status).toBe(202);
    const refused = await callTool(kadu, mcp, 'kadu_tasks_run', { id: taskId, input_file_ids: [fileId] }, 'run');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body).toEqual(UNAVAILABLE('run'));
    expect((await callTool(kadu, mcp, 'kadu_executions_list', {})).status).toBe(200);
    expect(await kadu.db.selectFrom('executions').select('id').execute()).toHaveLength(2);
  });

  it('rate limits writes per caller (KADU_RATE_LIMIT_WRITE): 429 + Retry-After, nothing written', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await callTool(kadu, mcp, 'kadu_tasks_create', { name: `T${i}`, rules: [] }, i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await callTool(kadu, mcp, 'kadu_tasks_create', { name: 'T6', rules: [] }, 'x');
    expect(refused.headers.get('retry-after')).toMatch(/^(59|60)$/);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32029, message: 'Rate limit exceeded', data: { retry_after_seconds: Number(refused.headers.get('retry-after')) } },
    });
    expect(await kadu.db.selectFrom('tasks').select('id').execute()).toHaveLength(5);
    const other = await tokens(kadu, 'org-b');
    expect((await callTool(kadu, other.mcp, 'kadu_tasks_create', { name: 'B', rules: [] })).status).toBe(200);
  });
});
