/**
 * Kadu's background work against a real PostgreSQL that refuses it for a
 * while: the execution worker's table permission revoked for a few seconds,
 * then granted again; the audit trail's table likewise. Each worker must come
 * back by itself once the database does (no poll chained onto the failure),
 * `/readyz` must name the worker while it cannot work, and no audit event
 * may be lost to the outage.
 */
import { Client } from 'pg';
import type { ReadinessAnswer } from '@kobana/host-kit';
import { DatabaseAuditSink } from '@kobana/audit';
import { eventually } from '../support/eventually';
import { PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { FilesWriter } from '../../src/files/files-storage.service';

/** The role Kadu connects as: not a superuser, so a REVOKE binds it. */
const ROLE = 'kadu_app';
const STALE_AFTER_MS = 1500;

describe('workers through a revoked permission on a real PostgreSQL', () => {
  let cluster: PostgresCluster;
  let admin: Client;
  let kadu: KaduTestApp;
  let token: string;
  let taskId: string;
  let fileId: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    await cluster.admin(`create role ${ROLE} login`);
    await cluster.admin(`create database kadu owner ${ROLE}`);
    const url = new URL(cluster.urlOf('kadu'));
    url.username = ROLE;
    kadu = await startKadu({
      databaseUrl: url.toString(),
      env: { KADU_EXECUTION_POLL_MS: '100', WORKER_STALE_AFTER_MS: String(STALE_AFTER_MS), READINESS_TIMEOUT_MS: '1000' },
    });
    // The superuser's connection, which revokes and grants.
    admin = new Client({ connectionString: cluster.urlOf('kadu') });
    await admin.connect();
    token = await kadu.token('org-faults', 'admin', { audience: 'api' });
    const organization = await kadu.identity.ensureOrganization('org-faults');
    const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n';
    fileId = (await kadu.app.get(FilesWriter).writeOutput(organization.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(csv) })).id;
    const task = await api('POST', '/tasks', { name: 'Statements', rules: [{ match: 'Tarifa', category: 'fees' }] });
    expect(task.status).toBe(201);
    taskId = task.body.id as string;
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await kadu?.close();
    cluster?.stop();
  }, 60_000);

  async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${kadu.baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async function readiness(): Promise<{ status: number; body: ReadinessAnswer }> {
    const res = await fetch(`${kadu.baseUrl}/readyz`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: (await res.json()) as ReadinessAnswer };
  }

  it('runs every queued execution once UPDATE on executions is granted again, and /readyz names the worker meanwhile', async () => {
    expect((await readiness()).status).toBe(200);
    // Runs are INSERTs, and still accepted; claims are UPDATEs, refused.
    await admin.query(`revoke update on executions from ${ROLE}`);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const run = await api('POST', `/tasks/${taskId}/runs`, { input_file_ids: [fileId] });
      expect(run.status).toBe(202);
      ids.push(run.body.id as string);
    }
    const stale = await eventually(async () => {
      const answer = await readiness();
      return answer.status === 503 ? answer : undefined;
    }, 10_000);
    expect(stale.body.failed).toEqual(['worker:executions']);
    expect(stale.body.checks['worker:executions']).toMatch(/^no successful poll for \d+ s \(\d+ failed in a row\)$/);
    expect(stale.body.workers.executions.consecutive_failures).toBeGreaterThan(1);
    expect(stale.body.checks.database).toBe('ok');
    const queued = await admin.query<{ status: string }>('select status from executions where id = any($1)', [ids]);
    expect(queued.rows.map((row) => row.status)).toEqual(Array(6).fill('queued'));

    await admin.query(`grant update on executions to ${ROLE}`);
    const finished = await eventually(async () => {
      const rows = (await admin.query<{ status: string }>('select status from executions where id = any($1)', [ids])).rows;
      return rows.every((row) => row.status !== 'queued' && row.status !== 'running') ? rows : undefined;
    }, 30_000);
    expect(finished).toHaveLength(6);
    const ready = await eventually(async () => {
      const answer = await readiness();
      return answer.status === 200 ? answer : undefined;
    }, 10_000);
    expect(ready.body.workers.executions.consecutive_failures).toBe(0);
  }, 60_000);

  it('keeps the audit events of an outage of its table and writes them once INSERT is granted again', async () => {
    const sink = kadu.app.get(DatabaseAuditSink);
    const count = async () => Number((await admin.query<{ n: string }>('select count(*) as n from audit_events')).rows[0].n);
    await sink.drain();
    const before = await count();
    const person = (await admin.query<{ id: string; organization_id: string }>('select id, organization_id from users limit 1')).rows[0];
    await admin.query(`revoke insert on audit_events from ${ROLE}`);
    // Written to the sink as the authorization server writes a consent.
    const written = [1, 2, 3].map((n) =>
      sink.recordOAuth({
        action: 'consent_given',
        time: new Date().toISOString(),
        organization_id: person.organization_id,
        subject: person.id,
        client_id: `client-${n}`,
        client_name: null,
        details: {},
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await count()).toBe(before);
    await admin.query(`grant insert on audit_events to ${ROLE}`);
    await Promise.all(written);
    expect(await count()).toBe(before + 3);
  }, 60_000);
});
