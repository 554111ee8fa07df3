/**
 * Helpers of the reliability specs: plain era-2025 MCP calls and REST calls
 * over loopback, a task with a ready input file, and a snapshot of every
 * table (row counts and a checksum) to prove that nothing was written, and
 * an exhausted PostgreSQL pool.
 */
import { createHash } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { dialectOf, POSTGRES_CONNECT_TIMEOUT_MS, POSTGRES_POOL_MAX } from '@kobana/database';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { FilesWriter } from '../../src/files/files-storage.service';
import { KaduTestApp } from '../support/kadu-app';

export type Json = Record<string, any>;

/** One `tools/call` (era 2025: no envelope), answered with its HTTP status, headers and body. */
export async function callTool(kadu: KaduTestApp, token: string, name: string, args: Json, id: number | string = 1) {
  const res = await fetch(kadu.mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

/** One `/api/v1` call with an API token. */
export async function rest(kadu: KaduTestApp, token: string, method: string, path: string, body?: Json) {
  const res = await fetch(`${kadu.baseUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** A task and a ready CSV file in `organization`, ready to run. */
export async function seedRunnable(kadu: KaduTestApp, organization: string, apiToken: string): Promise<{ taskId: string; fileId: string }> {
  const org = await kadu.identity.ensureOrganization(organization);
  const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n';
  const file = await kadu.app.get(FilesWriter).writeOutput(org.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(csv) });
  const task = await rest(kadu, apiToken, 'POST', '/tasks', { name: 'Statement', rules: [{ category: 'fees', match: 'tarifa' }] });
  if (task.status !== 201) throw new Error(`task not created: ${JSON.stringify(task.body)}`);
  return { taskId: task.body.id as string, fileId: file.id };
}

/**
 * The audit trail records every attempt, refusals included: a log of what was asked, not data a request changes,
 * so "nothing changed" leaves it out.
 */
const NOT_DATA = new Set(['audit_events']);

/** Row count and SHA-256 of the ordered rows of every table but the audit trail, so any write shows. */
export async function snapshot(db: Kysely<KaduDatabase>): Promise<Record<string, { rows: number; sha256: string }>> {
  const postgres = dialectOf(db) === 'postgres';
  const tables = postgres
    ? await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
        db,
      )
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  // Physical row order: SQLite's rowid (absent from WITHOUT ROWID tables), PostgreSQL's ctid.
  const order = sql.raw(postgres ? 'ctid' : 'rowid');
  const result: Record<string, { rows: number; sha256: string }> = {};
  for (const { name } of tables.rows) {
    if (NOT_DATA.has(name)) continue;
    const rows = await sql<Json>`select * from ${sql.table(name)} order by ${order}`
      .execute(db)
      .catch(() => sql<Json>`select * from ${sql.table(name)}`.execute(db));
    result[name] = { rows: rows.rows.length, sha256: createHash('sha256').update(JSON.stringify(rows.rows)).digest('hex') };
  }
  return result;
}

/** Waits for `condition`, polling, for at most `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Holds every connection of the PostgreSQL pool (each inside a callback that
 * waits on a gate) until `release()`: what a pool exhausted by slow requests
 * looks like to the next query.
 *
 * @returns once all are held; `release()` frees them and waits until they are back.
 */
export async function holdEveryPooledConnection(db: Kysely<KaduDatabase>): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  const holders = Array.from({ length: POSTGRES_POOL_MAX }, () =>
    db.connection().execute(async () => {
      held++;
      await gate;
    }),
  );
  const release = async () => {
    open();
    await Promise.all(holders);
  };
  try {
    await until(() => held === POSTGRES_POOL_MAX, POSTGRES_CONNECT_TIMEOUT_MS);
  } catch (error) {
    await release();
    throw error;
  }
  return { release };
}
