/**
 * CPU per audit event written by the database sink, on a file-backed SQLite
 * database like a host's (WAL), with a table that already holds many events:
 * random (v4) against time-ordered (v7) ids, with the four indexes of the
 * listing's filters (0700), without them (0701), with the organization's
 * index carrying the filtered columns instead (0912), and with that plus the
 * indexes of the few-valued filters (0913), events from `CLIENTS`
 * OAuth clients (1,024 by default, as the bench's load). Batches are the size
 * the sink forms at the bench's rate (about 60 events in its 20 ms window).
 *
 * Run: `[CLIENTS=3] [ONLY=091] npx ts-node --transpile-only -r tsconfig-paths/register test/bench/audit-sink.measure.ts [existing rows, default 200000]`
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Migration } from 'kysely';
import { v7 } from 'uuid';
import { openDatabase } from '@kobana/database';
import {
  AuditDatabase,
  DatabaseAuditSink,
  DEFAULT_AUDIT_TRAIL_SETTINGS,
  addAuditEventKind,
  addAuditEventTrace,
  coverAuditFilters,
  createAuditEvents,
  dropAuditFilterIndexes,
  dropAuditTimeIndex,
  indexAuditFilterValues,
} from '@kobana/audit';
import type { McpAuditEvent } from '@kobana/mcp';
import { hostTablesMigration } from '../support/library-test.database';

const BATCH = 60;
const MEASURED_BATCHES = 200;
/** OAuth clients the events come from (the bench rotates over 1,024). */
const CLIENTS = Number(process.env.CLIENTS ?? 1024);

interface Variant {
  name: string;
  ids: () => string;
  migrations: Record<string, Migration>;
}

const base = {
  '0001_create_host_tables': hostTablesMigration({}),
  '0700_create_audit_events': createAuditEvents,
  '0702_add_audit_event_kind': addAuditEventKind,
  '0911_add_audit_event_trace': addAuditEventTrace,
};
/** What hosts ran before 0912: no filter indexes, no global time index. */
const today = { '0701_drop_audit_filter_indexes': dropAuditFilterIndexes, '0910_drop_audit_time_index': dropAuditTimeIndex };
/** `ONLY=091` measures only the variants whose name holds it (the last three). */
const only = process.env.ONLY;
const variants: Variant[] = [
  { name: 'v4 ids, filter indexes (0700)', ids: randomUUID, migrations: base },
  { name: 'v7 ids, filter indexes (0700)', ids: v7, migrations: base },
  { name: 'v4 ids, no filter indexes', ids: randomUUID, migrations: { ...base, '0701_drop_audit_filter_indexes': dropAuditFilterIndexes } },
  { name: 'v7 ids, no filter indexes', ids: v7, migrations: { ...base, '0701_drop_audit_filter_indexes': dropAuditFilterIndexes } },
  { name: 'v7 ids, 0910 (hosts before 0912)', ids: v7, migrations: { ...base, ...today } },
  { name: 'v7 ids, covering index (0912)', ids: v7, migrations: { ...base, ...today, '0912_cover_audit_filters': coverAuditFilters } },
  {
    name: 'v7 ids, 0912 + value indexes (0913)',
    ids: v7,
    migrations: { ...base, ...today, '0912_cover_audit_filters': coverAuditFilters, '0913_index_audit_filter_values': indexAuditFilterValues },
  },
];

function event(id: string, n: number): McpAuditEvent {
  return {
    id,
    time: new Date().toISOString(),
    organization_id: n % 10 === 0 ? 'org-b' : 'org-a',
    subject: `user-${n % 7}`,
    client_id: `client-${n % CLIENTS}`,
    client_name: 'Client',
    client_info: { name: 'bench', version: '1', self_reported: true },
    era: '2026',
    protocol_version: '2026-07-28',
    method: 'tools/call',
    tool: ['kadu_tasks_get', 'kadu_tasks_list', 'kadu_organization_get'][n % 3],
    arguments_digest: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    arguments: { id: '0b8a4f8e-33a9-4a43-9b63-3e2a3f6f3d61' },
    decision: 'allowed',
    approval_id: null,
    approved_by: null,
    outcome: 'success',
    status: 200,
    error_code: null,
    correlation_id: null,
    duration_ms: 0.42,
  };
}

async function measure(variant: Variant, existing: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-measure-'));
  const { db } = await openDatabase<AuditDatabase>(`sqlite:${join(dir, 'audit.db')}`, variant.migrations);
  try {
    await sql`insert into organizations (id) values ('org-a'), ('org-b')`.execute(db);
    const sink = new DatabaseAuditSink(db, { ...DEFAULT_AUDIT_TRAIL_SETTINGS, batchSize: BATCH, maxPending: BATCH * 2, flushDelayMs: 0 });
    const batch = async (first: number) => {
      const written: Promise<void>[] = [];
      for (let n = first; n < first + BATCH; n++) written.push(sink.write(event(variant.ids(), n)));
      await Promise.all(written);
    };
    for (let n = 0; n < existing; n += BATCH) await batch(n);
    const before = process.cpuUsage();
    for (let i = 0; i < MEASURED_BATCHES; i++) await batch(existing + i * BATCH);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / (MEASURED_BATCHES * BATCH);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const existing = Number(process.argv[2] ?? 200_000);
  console.log(`${existing} events already stored; ${MEASURED_BATCHES} batches of ${BATCH} measured; CPU µs per event`);
  for (const variant of variants.filter((v) => only === undefined || v.name.includes(only)))
    console.log(`${variant.name.padEnd(36)} ${(await measure(variant, existing)).toFixed(1)}`);
}

void main();
