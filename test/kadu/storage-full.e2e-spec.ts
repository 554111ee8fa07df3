/**
 * Kadu on SQLite whose file cannot grow (`PRAGMA max_page_count` on the
 * server's own connection: SQLite answers SQLITE_FULL for real, as on a full
 * disk; the fault suite does the same with a small tmpfs). Writes answer 503
 * + `Retry-After` with a message saying storage is full, on REST and MCP;
 * the log names SQLite's cause, never "cannot rollback"; readiness reports
 * `storage` down; freeing space brings everything back without a restart.
 */
import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { testsOnPostgres } from '../support/migrated-test.database';
import { eventually } from '../support/eventually';
import { callTool, Json, snapshot } from './reliability.support';

jest.setTimeout(60_000);

const STORAGE_FULL = 'Service temporarily unavailable: storage is full or failing, nothing was saved; retry the request later';

// SQLite only: max_page_count is SQLite's; PostgreSQL's disk full (53100) is the fault suite's (a small tmpfs).
const onSqlite = testsOnPostgres() ? describe.skip : describe;

onSqlite('Kadu on SQLite with a full disk', () => {
  let kadu: KaduTestApp;
  let api: string;
  let mcp: string;
  let logged: jest.SpyInstance[];
  beforeEach(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '0' } });
    api = await kadu.token('org-a', 'admin', { audience: 'api' });
    mcp = await kadu.token('org-a', 'admin');
    logged = (['error', 'warn', 'log'] as const).map((level) => jest.spyOn(Logger.prototype, level));
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await kadu.close();
  });

  const lines = () => logged.flatMap((spy) => spy.mock.calls.map(([message]) => String(message)));

  async function rest(method: string, path: string, body?: Json, key?: string) {
    const headers: Record<string, string> = { Authorization: `Bearer ${api}` };
    if (body) headers['Content-Type'] = 'application/json';
    if (key) headers['Idempotency-Key'] = key;
    const res = await fetch(`${kadu.baseUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Json };
  }

  /**
   * Lets the file grow no more, then spends its free pages on a filler
   * table: the next write that needs a page meets SQLITE_FULL. (Rows still
   * fit in the free room of pages already in use: see the loop below.)
   */
  async function fillTheDisk(): Promise<void> {
    await sql`create table test_filler (body blob)`.execute(kadu.db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(kadu.db);
    await sql.raw(`pragma max_page_count = ${rows[0].page_count + 4}`).execute(kadu.db);
    for (;;) {
      try {
        await sql`insert into test_filler (body) values (zeroblob(512))`.execute(kadu.db);
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_FULL') return;
        throw error;
      }
    }
  }

  it('refuses writes 503 + Retry-After with the storage message everywhere, readiness says storage, and all recovers once space is freed', async () => {
    const task = { name: 'Written on a full disk', description: 'd'.repeat(2000), rules: [] };
    await fillTheDisk();
    // Tasks are created until their tables' last pages are full too: the first refusal is the one a full disk gives.
    let refused = await rest('POST', '/api/v1/tasks', task, 'full-0');
    for (let i = 1; refused.status === 201 && i < 200; i++) refused = await rest('POST', '/api/v1/tasks', task, `full-${i}`);
    const before = await snapshot(kadu.db);
    expect(refused).toEqual({ status: 503, retryAfter: '30', body: { statusCode: 503, message: STORAGE_FULL, error: 'Service Unavailable' } });
    const viaMcp = await callTool(kadu, mcp, 'kadu_tasks_create', { ...task, idempotency_key: 'full-mcp-1' }, 'm1');
    expect([viaMcp.status, viaMcp.headers.get('retry-after'), viaMcp.body]).toEqual([
      503,
      '30',
      { jsonrpc: '2.0', id: 'm1', error: { code: -32030, message: STORAGE_FULL } },
    ]);
    // Reads still work: only writes need room.
    expect((await rest('GET', '/api/v1/tasks')).status).toBe(200);
    expect(await snapshot(kadu.db)).toEqual(before);

    const ready = await fetch(`${kadu.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ failed: ['storage'], checks: { storage: 'writes fail: SQLITE_FULL (database or disk is full)' } });

    const said = lines();
    expect(said.filter((line) => line.startsWith('Writes fail:'))).toEqual([
      "Writes fail: SQLITE_FULL (database or disk is full); answering them 503 and readiness 'storage' down until a write succeeds",
    ]);
    expect(said).toContain('Storage fault SQLITE_FULL (database or disk is full) on POST /api/v1/tasks: answered 503, Retry-After 30');
    expect(said.filter((line) => /cannot rollback/.test(line))).toEqual([]);

    // Space freed: readiness finds out by itself (its bounded probe), with no request writing meanwhile.
    await sql`drop table test_filler`.execute(kadu.db);
    await sql.raw('pragma max_page_count = 1073741823').execute(kadu.db);
    const readyAgain = await eventually(async () => {
      const answer = await fetch(`${kadu.baseUrl}/readyz`);
      return answer.status === 200 ? answer : undefined;
    });
    expect(readyAgain.status).toBe(200);
    expect(lines()).toContain('Writes succeed again: storage recovered');
    const created = await rest('POST', '/api/v1/tasks', task, 'full-after');
    expect([created.status, created.body.name]).toEqual([201, task.name]);
  });
});
