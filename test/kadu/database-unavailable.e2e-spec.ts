/**
 * Kadu's `/api/v1` under a transient database fault: 503 + `Retry-After: 1`
 * in Nest's error shape (not 500), nothing written, the retry succeeds; the
 * MCP endpoint under the same fault still answers JSON-RPC; every other
 * error keeps Nest's answer.
 */
import Database from 'better-sqlite3';
import { Logger } from '@nestjs/common';
import { POSTGRES_CONNECT_TIMEOUT_MS, SQLITE_BUSY_TIMEOUT_MS } from '@kobana/database';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { testsOnPostgres } from '../support/migrated-test.database';
import { callTool, holdEveryPooledConnection, Json, snapshot } from './reliability.support';

jest.setTimeout(60_000);

const UNAVAILABLE = { statusCode: 503, message: 'Service temporarily unavailable: retry the request', error: 'Service Unavailable' };

describe('Kadu REST: transient database faults', () => {
  let kadu: KaduTestApp;
  let api: string;
  let warn: jest.SpyInstance;
  beforeEach(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '0' } });
    api = await kadu.token('org-a', 'admin', { audience: 'api' });
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation();
  });
  afterEach(async () => {
    warn.mockRestore();
    await kadu.close();
  });

  /** One `/api/v1` call with its status, headers and body; `key` goes in `Idempotency-Key`. */
  async function rest(method: string, path: string, body?: Json, key?: string) {
    const headers: Record<string, string> = { Authorization: `Bearer ${api}` };
    if (body) headers['Content-Type'] = 'application/json';
    if (key) headers['Idempotency-Key'] = key;
    const res = await fetch(`${kadu.baseUrl}/api/v1${path}`, { method, headers, body: body && JSON.stringify(body) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Json };
  }

  /** The warnings the filter wrote, and only those (the application may warn about other things). */
  const faultWarnings = () => warn.mock.calls.map(([message]) => String(message)).filter((message) => message.startsWith('Transient database fault'));

  it("keeps Nest's answer for any other error: 404 and 400 as before, no Retry-After", async () => {
    expect(await rest('GET', '/tasks/00000000-0000-4000-8000-000000000000')).toEqual({
      status: 404,
      retryAfter: null,
      body: { statusCode: 404, message: 'Task not found', error: 'Not Found' },
    });
    const invalid = await rest('POST', '/tasks', { name: 'x', rules: 'nope' }, 'bad-1');
    expect([invalid.status, invalid.retryAfter, invalid.body.statusCode, invalid.body.error]).toEqual([400, null, 400, 'Bad Request']);
    expect(faultWarnings()).toEqual([]);
  });

  // SQLite only: the fault is the file's write lock held from a second better-sqlite3 handle.
  const onSqlite = testsOnPostgres() ? it.skip : it;

  onSqlite('a write lock held by another connection: 503 + Retry-After: 1, nothing written, one warning; the retry succeeds once', async () => {
    const mcp = await kadu.token('org-a', 'admin');
    const before = await snapshot(kadu.db);
    const task = { name: 'Locked over REST', rules: [] };
    const locker = new Database(kadu.databaseUrl.replace(/^sqlite:/, ''));
    locker.exec('BEGIN IMMEDIATE');
    let waited: number;
    let refused;
    let viaMcp;
    try {
      const started = Date.now();
      refused = await rest('POST', '/tasks', task, 'rest-locked-1');
      waited = Date.now() - started;
      viaMcp = await callTool(kadu, mcp, 'kadu_tasks_create', { ...task, idempotency_key: 'mcp-locked-1' }, 'm1');
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    // The idempotency check reads before it writes, so SQLite refuses the upgrade at once; never past busy_timeout.
    expect(waited).toBeLessThan(SQLITE_BUSY_TIMEOUT_MS + 2000);
    expect(refused).toEqual({ status: 503, retryAfter: '1', body: UNAVAILABLE });
    // The MCP endpoint's own filter still answers first, in JSON-RPC.
    expect([viaMcp.status, viaMcp.headers.get('retry-after'), viaMcp.body]).toEqual([
      503,
      '1',
      { jsonrpc: '2.0', id: 'm1', error: { code: -32030, message: 'Server unavailable' } },
    ]);
    expect(faultWarnings()).toEqual([expect.stringMatching(/^Transient database fault SQLITE_BUSY\w* on POST \/api\/v1\/tasks: answered 503, Retry-After 1$/)]);
    expect(await snapshot(kadu.db)).toEqual(before);

    const retried = await rest('POST', '/tasks', task, 'rest-locked-1');
    const again = await rest('POST', '/tasks', task, 'rest-locked-1');
    expect([retried.status, retried.retryAfter]).toEqual([201, null]);
    expect(again.body).toEqual(retried.body);
    expect(await kadu.db.selectFrom('tasks').select('id').where('name', '=', task.name).execute()).toEqual([{ id: retried.body.id }]);
  });

  // PostgreSQL only: SQLite has one connection and no pool to exhaust.
  const onPostgres = testsOnPostgres() ? it : it.skip;

  onPostgres('every pooled connection busy past the connect timeout: 503 + Retry-After: 1, never a hang; 200 once one frees', async () => {
    const pool = await holdEveryPooledConnection(kadu.db);
    try {
      const started = Date.now();
      const refused = await rest('GET', '/tasks');
      expect(Date.now() - started).toBeLessThan(POSTGRES_CONNECT_TIMEOUT_MS + 2000);
      expect(refused).toEqual({ status: 503, retryAfter: '1', body: UNAVAILABLE });
      expect(faultWarnings()).toEqual(['Transient database fault POOL_TIMEOUT on GET /api/v1/tasks: answered 503, Retry-After 1']);
    } finally {
      await pool.release();
    }
    expect((await rest('GET', '/tasks')).status).toBe(200);
  });
});
