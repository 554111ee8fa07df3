import { Logger } from '@nestjs/common';
import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { Kysely, sql } from 'kysely';
import type { McpAuditEvent } from '@kobana/mcp';
import { eventually } from '../../../test/support/eventually';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { AuditDatabase } from './audit-host.table';
import { createAuditEvents } from './audit-events.migration';
import { addAuditEventKind } from './audit-event-kind.migration';
import { addAuditEventTrace } from './audit-event-trace.migration';
import { DatabaseAuditSink } from './database-audit-sink.store';
import { toRow } from './audit-event-row.util';
import { AuditEventsService } from './audit-events.service';
import { AuditEventsPruner } from './audit-events-pruner.worker';
import { DEFAULT_AUDIT_TRAIL_SETTINGS } from './audit-trail.options';
import { encodeAuditCursor } from './audit-cursor.codec';
import { dropAuditTimeIndex } from './audit-events-time-index.migration';
import { coverAuditFilters } from './audit-events-covering-index.migration';
import { indexAuditFilterValues } from './audit-events-value-indexes.migration';

const event = (n: number, fields: Partial<McpAuditEvent> = {}): McpAuditEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  organization_id: 'org',
  subject: 'user',
  client_id: 'client',
  client_name: 'Client',
  client_info: { name: 'Some client', version: '1', self_reported: true },
  era: '2026',
  protocol_version: '2026-07-28',
  method: 'tools/call',
  tool: 'things_list',
  arguments_digest: 'digest',
  arguments: { page: 1 },
  decision: 'allowed',
  approval_id: null,
  approved_by: null,
  outcome: 'success',
  status: 200,
  error_code: null,
  correlation_id: null,
  duration_ms: 1.25,
  ...fields,
});

describe('the audit library on a database', () => {
  let db: Kysely<AuditDatabase>;
  const settings = { ...DEFAULT_AUDIT_TRAIL_SETTINGS, batchSize: 2, maxPending: 3 };

  beforeEach(async () => {
    db = await openLibraryTestDatabase<AuditDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: {
        '0700_create_audit_events': createAuditEvents,
        '0702_add_audit_event_kind': addAuditEventKind,
        '0910_drop_audit_time_index': dropAuditTimeIndex,
        '0911_add_audit_event_trace': addAuditEventTrace,
        '0912_cover_audit_filters': coverAuditFilters,
        '0913_index_audit_filter_values': indexAuditFilterValues,
      },
      organizations: ['org', 'other'],
    });
  });
  afterEach(() => db.destroy());

  it('writes queued events in batches, on a later turn: write itself never waits for the table', async () => {
    const sink = new DatabaseAuditSink(db, settings);
    const written = [sink.write(event(1)), sink.write(event(2)), sink.write(event(3))];
    expect(await db.selectFrom('audit_events').selectAll().execute()).toEqual([]);
    await Promise.all(written);
    const rows = await db.selectFrom('audit_events').select(['id', 'client_info', 'arguments']).orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual([event(1).id, event(2).id, event(3).id]);
    expect(JSON.parse(rows[0].client_info!)).toEqual({ name: 'Some client', version: '1', self_reported: true });
  });

  it('stores every column as given, in batches of each size (the INSERT text is built once per size)', async () => {
    const sink = new DatabaseAuditSink(db, { ...settings, batchSize: 3, maxPending: 100 });
    const events = [
      event(1),
      event(2, { client_info: null, arguments: null, arguments_digest: null, tool: null, method: 'tools/list', status: null, error_code: -32003 }),
      event(3, {
        decision: 'confirmation_approved',
        approval_id: 'a1',
        approved_by: 'user',
        outcome: 'error_result',
        status: 409,
        correlation_id: 'c1',
        trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      }),
      event(4, { client_name: null, protocol_version: null, era: '2025', duration_ms: 0 }),
    ];
    // Batches of 3 then 1, then again of 3 then 1: the second pass reuses both texts.
    await Promise.all(events.map((item) => sink.write(item)));
    await Promise.all(events.map((item) => sink.write({ ...item, id: item.id.replace('4000', '4001') })));
    const rows = await db.selectFrom('audit_events').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(8);
    expect(rows.slice(0, 4)).toEqual(events.map(toRow));
    // An event without a trace id (no SDK) is stored with none.
    expect(rows.slice(0, 4).map((row) => row.trace_id)).toEqual([null, null, '4bf92f3577b34da6a3ce929d0e0e4736', null]);
  });

  it('waits flushDelayMs for more events to join a batch, sends a full batch at once, and drain writes without waiting', async () => {
    const sink = new DatabaseAuditSink(db, { ...settings, batchSize: 3, maxPending: 100, flushDelayMs: 60_000 });
    const count = async () => (await db.selectFrom('audit_events').select('id').execute()).length;
    const first = [sink.write(event(1)), sink.write(event(2))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await count()).toBe(0);
    // The third event fills the batch: written on the next turn, long before the delay.
    await Promise.all([...first, sink.write(event(3))]);
    expect(await count()).toBe(3);
    const waiting = sink.write(event(4));
    await sink.drain();
    await waiting;
    expect(await count()).toBe(4);
  });

  it('rejects past maxPending, and each event of a batch the database refused', async () => {
    const sink = new DatabaseAuditSink(db, settings);
    const accepted = [sink.write(event(11)), sink.write(event(12)), sink.write(event(13))];
    await expect(sink.write(event(14))).rejects.toThrow('3 audit events are waiting');
    await Promise.all(accepted);
    // A row with the id of the next batch's first event: the primary key refuses the whole batch.
    await db
      .insertInto('audit_events')
      .values(toRow(event(15)))
      .execute();
    const refused = [sink.write(event(15)), sink.write(event(16))];
    // Matched by message (SQLite and PostgreSQL word it differently): better-sqlite3's errors may come from another realm's Error under jest.
    await expect(refused[0]).rejects.toHaveProperty('message', expect.stringMatching(/unique/i));
    await expect(refused[1]).rejects.toHaveProperty('message', expect.stringMatching(/unique/i));
    expect((await db.selectFrom('audit_events').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([11, 12, 13, 15].map((n) => event(n).id));
  });

  it('lists one organization newest first, with filters and a cursor', async () => {
    const sink = new DatabaseAuditSink(db, { ...settings, maxPending: 100 });
    await Promise.all([
      sink.write(event(1)),
      sink.write(event(2, { tool: 'things_delete', decision: 'confirmation_asked' })),
      sink.write(event(3, { organization_id: 'other' })),
      sink.write(event(4)),
    ]);
    const service = new AuditEventsService(db, settings);
    const first = await service.list('org', { limit: 2 });
    expect(first.data.map((row) => row.id)).toEqual([event(4).id, event(2).id]);
    expect(first.meta).toEqual({ next_cursor: encodeAuditCursor(event(2)), limit: 2 });
    expect((await service.list('org', { limit: 2, cursor: first.meta.next_cursor! })).data.map((row) => row.id)).toEqual([event(1).id]);
    expect((await service.list('org', { decision: 'confirmation_asked' })).data).toEqual([
      expect.objectContaining({ id: event(2).id, tool: 'things_delete', arguments: { page: 1 }, duration_ms: 1.25 }),
    ]);
    expect((await service.list('other', {})).data.map((row) => row.id)).toEqual([event(3).id]);
    await expect(service.list('org', { cursor: encodeAuditCursor({ time: 'yesterday', id: 'x' }) })).rejects.toMatchObject({ status: 400 });
  });

  it('looks at listScanRows events per page filtered by client at most: a rare match comes on a later page, through next_cursor', async () => {
    const sink = new DatabaseAuditSink(db, { ...settings, batchSize: 50, maxPending: 100 });
    // Events 1–2 are the rare client's, 3–12 another's (newer), 13 the rare client's again (newest).
    const rare = (n: number) => event(n, { client_id: 'rare_client' });
    await Promise.all([rare(1), rare(2), ...Array.from({ length: 10 }, (_, i) => event(i + 3)), rare(13)].map((item) => sink.write(item)));
    const service = new AuditEventsService(db, { listScanRows: 4 });
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await service.list('org', { client_id: 'rare_client', limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(page.data.map((row) => row.id));
      cursor = page.meta.next_cursor ?? undefined;
    } while (cursor && pages.length < 10);
    // Looks of 4: [13, 12, 11, 10] → 13; [9, 8, 7, 6] → none; [5, 4, 3, 2] → 2; [1] → 1, and the end.
    expect(pages).toEqual([[event(13).id], [], [event(2).id], [event(1).id]]);
    // Unfiltered, or a page that fills before its look ends, reads as before.
    expect((await service.list('org', { limit: 3 })).data.map((row) => row.id)).toEqual([13, 12, 11].map((n) => event(n).id));
    const full = await service.list('org', { client_id: event(3).client_id, limit: 2 });
    expect(full.data.map((row) => row.id)).toEqual([12, 11].map((n) => event(n).id));
    expect(full.meta.next_cursor).toBe(encodeAuditCursor(event(11)));
    // Two filters together look too, even when one of them has its index: [13, 12, 11, 10] holds no rare tool.
    const both = await service.list('org', { client_id: 'rare_client', tool: 'rare_tool', limit: 2 });
    expect(both.data).toEqual([]);
    expect(both.meta.next_cursor).toBe(encodeAuditCursor(event(10)));
  });

  it('seeks a page filtered by tool, decision or kind alone: every match in full pages, however far apart, whatever listScanRows', async () => {
    // Events 1, 2 and 13 are the rare tool's, forbidden, and of the kind `oauth`; 3–12 are common ones between.
    const rare = (n: number) => ({ ...toRow(event(n, { tool: 'rare_tool', decision: 'forbidden_tool' })), kind: 'oauth' as const });
    await db
      .insertInto('audit_events')
      .values([rare(1), rare(2), ...Array.from({ length: 10 }, (_, i) => toRow(event(i + 3))), rare(13)])
      .execute();
    const service = new AuditEventsService(db, { listScanRows: 4 });
    for (const filter of [{ tool: 'rare_tool' }, { decision: 'forbidden_tool' as const }, { kind: 'oauth' as const }]) {
      const first = await service.list('org', { ...filter, limit: 2 });
      expect(first.data.map((row) => row.id)).toEqual([event(13).id, event(2).id]);
      expect(first.meta.next_cursor).toBe(encodeAuditCursor(event(2)));
      const last = await service.list('org', { ...filter, limit: 2, cursor: first.meta.next_cursor! });
      expect(last.data.map((row) => row.id)).toEqual([event(1).id]);
      expect(last.meta.next_cursor).toBeNull();
      // Nothing of another organization, with the same filter.
      expect((await service.list('other', { ...filter })).data).toEqual([]);
    }
  });

  it('prunes by age only', async () => {
    const sink = new DatabaseAuditSink(db, { ...settings, maxPending: 100 });
    await Promise.all([sink.write(event(1)), sink.write(event(2))]);
    const pruner = new AuditEventsPruner(db, { ...settings, retentionDays: 1 });
    expect(await pruner.prune(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)))).toBe(0);
    expect(await pruner.prune(new Date(Date.UTC(2026, 0, 2, 0, 0, 1, 500)))).toBe(1);
    expect((await db.selectFrom('audit_events').select('id').execute()).map((row) => row.id)).toEqual([event(2).id]);
  });

  it('prunes a backlog of every organization, more than one batch of each, and keeps what is within the retention', async () => {
    const old = (n: number, organization_id: string) => toRow({ ...event(n, { organization_id }), id: `${organization_id}-${String(n).padStart(6, '0')}` });
    // 1,100 expired events in one organization (three batches), 20 in the other, and a recent one in each.
    const rows = [...Array.from({ length: 1100 }, (_, n) => old(n, 'org')), ...Array.from({ length: 20 }, (_, n) => old(n, 'other'))];
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('audit_events')
        .values(rows.slice(i, i + 200))
        .execute();
    const recent = (organization_id: string) => toRow({ ...event(1, { organization_id }), id: `${organization_id}-recent`, time: '2026-03-01T00:00:00.000Z' });
    await db
      .insertInto('audit_events')
      .values([recent('org'), recent('other')])
      .execute();

    const pruner = new AuditEventsPruner(db, { ...settings, retentionDays: 30 });
    expect(await pruner.prune(new Date('2026-03-02T00:00:00.000Z'))).toBe(1120);
    expect((await db.selectFrom('audit_events').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['org-recent', 'other-recent']);
  });
});

/** A reader collected on demand. */
class TestReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

describe('the audit sink across a database outage', () => {
  let db: Kysely<AuditDatabase>;
  let reader: TestReader;
  const settings = { ...DEFAULT_AUDIT_TRAIL_SETTINGS, batchSize: 2, maxPending: 4, flushDelayMs: 0 };
  const ids = async () => (await db.selectFrom('audit_events').select('id').orderBy('id').execute()).map((row) => row.id);
  // The table gone for a while: the database refuses every insert, for a reason that is not the rows'.
  const outage = () => sql`alter table audit_events rename to audit_events_away`.execute(db);
  const recovery = () => sql`alter table audit_events_away rename to audit_events`.execute(db);

  beforeEach(async () => {
    reader = new TestReader();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    db = await openLibraryTestDatabase<AuditDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: {
        '0700_create_audit_events': createAuditEvents,
        '0702_add_audit_event_kind': addAuditEventKind,
        '0911_add_audit_event_trace': addAuditEventTrace,
      },
      organizations: ['org'],
    });
  });
  afterEach(async () => {
    await db.destroy();
    metrics.disable();
    jest.restoreAllMocks();
  });

  it('holds the events while the database refuses them and writes them, in order, once it is back', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const sink = new DatabaseAuditSink(db, settings);
    await outage();
    let settled = 0;
    const written = [1, 2, 3].map((n) => sink.write(event(n)).then(() => settled++));
    await eventually(async () => (warn.mock.calls.length > 0 ? true : undefined));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Audit events cannot be written \(.*audit_events.*\); holding up to 4/));
    // A few attempts fail meanwhile; none of them settles an event.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(settled).toBe(0);
    await recovery();
    await Promise.all(written);
    expect(await ids()).toEqual([1, 2, 3].map((n) => event(n).id));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Audit events are written again after \d+ failed attempt\(s\); 0 event\(s\) were dropped/));
    await sink.beforeApplicationShutdown();
  });

  it('past maxPending during the outage, drops new events, counts them in kobana.audit.events_dropped and says how many once it is back', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const sink = new DatabaseAuditSink(db, settings);
    await outage();
    const kept = [1, 2, 3, 4].map((n) => sink.write(event(n)));
    await eventually(async () => (warn.mock.calls.length > 0 ? true : undefined));
    const dropped = [5, 6, 7].map((n) => sink.write(event(n)));
    for (const write of dropped) await expect(write).rejects.toThrow('4 audit events are waiting');
    expect(error).toHaveBeenCalledTimes(1);
    const { resourceMetrics } = await reader.collect();
    const points = (name: string) => resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === name)?.dataPoints;
    expect(points('kobana.audit.events_dropped')?.[0].value).toBe(3);
    expect(points('kobana.audit.events_pending')?.[0].value).toBe(4);
    await recovery();
    await Promise.all(kept);
    expect(await ids()).toEqual([1, 2, 3, 4].map((n) => event(n).id));
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/; 3 event\(s\) were dropped while the queue was full$/));
    await sink.beforeApplicationShutdown();
  });

  it('at shutdown, tries what it holds once and gives up rather than waiting for the database', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const sink = new DatabaseAuditSink(db, settings);
    await outage();
    const held = sink.write(event(1));
    held.catch(() => undefined);
    // The first attempt was refused and the event is held: now the process stops.
    await eventually(async () => (warn.mock.calls.length > 0 ? true : undefined));
    await sink.beforeApplicationShutdown();
    // The reason is read as a value: better-sqlite3 makes its SqliteError once per process, on the Error of the
    // first spec file that loaded it, so in a later file of the same jest worker it is no `Error` of this one's
    // and `rejects.toThrow` would take the rejection for no throw at all.
    const reason: unknown = await held.then(
      () => 'written',
      (error: unknown) => error,
    );
    expect(String((reason as { message?: unknown }).message)).toMatch(/audit_events/);
  });
});
