import {
  CompiledQuery,
  createQueryId,
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { DEFAULT_AUDIT_TRAIL_SETTINGS, AuditDatabase, AuditEventsService } from '@kobana/audit';
import { narrowDatabase } from '@kobana/database';
import { openUnitWorld, UnitWorld } from '../../test/support/kadu-unit';
import { testsOnPostgres } from '../../test/support/migrated-test.database';
import { encodeCursor } from '../common/pagination/cursor.codec';
import { ExecutionQueue } from '../executions/execution-queue.service';
import { ExecutionsService } from '../executions/executions.service';
import { FilesService } from '../files/files.service';
import { monthlyUsage } from '../organizations/organization-usage.store';
import { TasksService } from '../tasks/tasks.service';
import { WebhookDeliveriesService } from '../webhooks/webhook-deliveries.service';
import { WebhookEndpointsService } from '../webhooks/webhook-endpoints.service';
import { KaduDatabase } from './kadu-database.interface';

/** Rows per organization and table: enough that either planner prefers an index it can bound to a scan and a sort. */
const ROWS = 4000;
/** The row a deep page continues after: 90 % down the organization's rows, newest first. */
const DEEP = Math.floor(ROWS / 10);

/** Remembers the last query its Kysely ran, so the spec explains exactly what a service sent. */
class LastQuery implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const iso = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
const id = (prefix: string, organization: string, i: number) => `${prefix}-${organization}-${String(i).padStart(6, '0')}`;

/**
 * Each keyset listing's query, as its service sends it, explained by the
 * engine on a seeded table: its page must be a seek on the listing's index
 * bounded by the cursor's row value, in index order (no sort). A plan that
 * walks from the newest row, reads another index or sorts fails here, in
 * either dialect, whatever the timings of the machine.
 */
describe('Listing plans', () => {
  let world: UnitWorld;
  let capture: LastQuery;
  let db: Kysely<KaduDatabase>;
  const postgres = testsOnPostgres();

  beforeAll(async () => {
    world = await openUnitWorld();
    await seed(world.db, [world.orgA, world.orgB]);
    if (postgres) await sqlRun(world.db, 'vacuum analyze');
    else await sqlRun(world.db, 'analyze');
    capture = new LastQuery();
    db = world.db.withPlugin(capture);
  }, 120_000);
  afterAll(() => world.db.destroy());

  /** The engine's plan of each query `run` sent, in order, as text lines (SQLite) or the JSON plan (PostgreSQL). */
  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    capture.nodes = [];
    await run();
    const plans: string[] = [];
    for (const node of capture.nodes) plans.push(await explain(world.db.getExecutor().compileQuery(node, createQueryId())));
    return plans;
  }

  /** The plan of the one query `run` sent (a listing's page). */
  async function planOf(run: () => Promise<unknown>): Promise<string> {
    const [plan] = await plansOf(run);
    return plan;
  }

  async function explain(query: CompiledQuery): Promise<string> {
    if (postgres) {
      const result = await world.db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]));
      return JSON.stringify(result.rows[0]['QUERY PLAN']);
    }
    const result = await world.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row.detail).join('\n');
  }

  /** Asserts a seek on `index` bounded by the `(time, id)` row value, in the index's order. */
  function expectKeysetSeek(plan: string, index: string, time = 'created_at'): void {
    if (postgres) {
      expect(plan).toContain(`"Index Name":"${index}"`);
      expect(plan).toMatch(indexCond(`ROW\\(${quoted(time)}, id\\) < ROW\\(`));
      expect(plan).not.toContain('"Node Type":"Sort"');
    } else {
      expect(plan).toMatch(new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX ${index} \\(organization_id=\\?.*\\(${time},id\\)<\\(\\?,\\?\\)`));
      expect(plan).not.toContain('TEMP B-TREE');
    }
  }

  /**
   * Asserts a read of `index` alone: SQLite's covering index; PostgreSQL's
   * Index Only Scan, which its planner picks on the vacuumed tables of this
   * spec (every page all-visible) and would give up for a table read.
   */
  function expectIndexOnly(plan: string, index: string): void {
    if (postgres) expect(plan).toMatch(new RegExp(`"Node Type":"Index Only Scan"(?:[^{}]|\\{[^{}]*\\})*"Index Name":"${index}"`));
    else expect(plan).toContain(`USING COVERING INDEX ${index} `);
  }

  /** A pattern of an `Index Cond` of the JSON plan holding `pattern`, across the escaped quotes of the JSON text. */
  const indexCond = (pattern: string) => new RegExp(`"Index Cond":"(?:[^"\\\\]|\\\\.)*${pattern}`);
  /** A column as PostgreSQL prints it, quoted when it is a keyword (`time`); the quotes are escaped in the JSON text. */
  const quoted = (column: string) => `(?:\\\\")?${column}(?:\\\\")?`;

  const cursor = (prefix: string) => encodeCursor({ created_at: iso(DEEP), id: id(prefix, world.orgA, DEEP) });

  it('tasks: tasks_organization_created_idx', async () => {
    const tasks = new TasksService(db, world.idempotency);
    const plan = await planOf(() => tasks.list(world.caller(world.orgA), { cursor: cursor('t') }));
    expectKeysetSeek(plan, 'tasks_organization_created_idx');
  });

  it('executions: by organization, by status, by task', async () => {
    const executions = new ExecutionsService(db, world.idempotency, undefined as never);
    const caller = world.caller(world.orgA);
    expectKeysetSeek(await planOf(() => executions.list(caller, { cursor: cursor('e') })), 'executions_organization_created_idx');
    expectKeysetSeek(await planOf(() => executions.list(caller, { status: 'failed', cursor: cursor('e') })), 'executions_organization_status_created_idx');
    expectKeysetSeek(
      await planOf(() => executions.list(caller, { task_id: id('t', world.orgA, 1), cursor: cursor('e') })),
      'executions_organization_task_created_idx',
    );
  });

  it('files: files_organization_created_idx', async () => {
    const files = new FilesService(db, world.idempotency, undefined as never, undefined as never, { get: () => 1 } as never);
    expectKeysetSeek(await planOf(() => files.list(world.caller(world.orgA), { cursor: cursor('f') })), 'files_organization_created_idx');
  });

  it('webhook endpoints and deliveries, the latter by endpoint too', async () => {
    const endpoints = new WebhookEndpointsService(db, world.idempotency, undefined as never, undefined as never);
    const deliveries = new WebhookDeliveriesService(db, world.idempotency, undefined as never);
    const caller = world.caller(world.orgA);
    expectKeysetSeek(await planOf(() => endpoints.list(caller, { cursor: cursor('w') })), 'webhook_endpoints_organization_created_idx');
    // The delivery listing's first query is the page; the second reads the page's attempts.
    expectKeysetSeek((await plansOf(() => deliveries.list(caller, { cursor: cursor('d') })))[0], 'webhook_deliveries_organization_created_idx');
    expectKeysetSeek(
      (await plansOf(() => deliveries.list(caller, { endpoint_id: id('w', world.orgA, 1), cursor: cursor('d') })))[0],
      'webhook_deliveries_organization_endpoint_created_idx',
    );
  });

  it('audit events: the organization index; a filtered page bounded at both ends, its look read from the index alone', async () => {
    // A look-ahead shorter than the rows after the cursor, so the filtered page has a far end.
    const audit = new AuditEventsService(narrowDatabase<AuditDatabase, KaduDatabase>(db), { ...DEFAULT_AUDIT_TRAIL_SETTINGS, listScanRows: 100 });
    const after = encodeCursor({ created_at: iso(DEEP), id: id('a', world.orgA, DEEP) });
    expectKeysetSeek(await planOf(() => audit.list(world.orgA, { cursor: after })), 'audit_events_organization_time_idx', 'time');
    // Filtered (by values most events match, so the page has rows to read): the look-ahead's boundary,
    // the matches between it and the cursor, then the page's rows by id.
    const [boundary, matches, rows] = await plansOf(() =>
      audit.list(world.orgA, { tool: 'common', client_id: 'client', subject: 'seed', decision: 'allowed', kind: 'mcp', cursor: after }),
    );
    expectKeysetSeek(boundary, 'audit_events_organization_time_idx', 'time');
    // The look at listScanRows events reads no table row, whatever the filters (PostgreSQL may sort the few matches).
    for (const look of [boundary, matches]) expectIndexOnly(look, 'audit_events_organization_time_idx');
    if (postgres) {
      expect(matches).toMatch(indexCond(`ROW\\(${quoted('time')}, id\\) < ROW\\(`));
      expect(matches).toMatch(indexCond(`ROW\\(${quoted('time')}, id\\) >= ROW\\(`));
    } else {
      expect(matches).toMatch(/INDEX audit_events_organization_time_idx \(organization_id=\? AND \(time,id\)>\(\?,\?\) AND \(time,id\)<\(\?,\?\)\)/);
    }
    // The page's own rows: a few lookups by primary key.
    expect(rows).toMatch(postgres ? /"Index Name":"audit_events_pkey"/ : /SEARCH audit_events USING INDEX sqlite_autoindex_audit_events_1 \(id=\?\)/);
  });

  it("audit events filtered by tool, decision or kind alone: a seek on that column's index, no look", async () => {
    const audit = new AuditEventsService(narrowDatabase<AuditDatabase, KaduDatabase>(db), { ...DEFAULT_AUDIT_TRAIL_SETTINGS, listScanRows: 100 });
    const after = encodeCursor({ created_at: iso(ROWS), id: id('a', world.orgA, ROWS) });
    for (const [column, filter] of [
      ['tool', { tool: 'rare' }],
      ['decision', { decision: 'forbidden_tool' as const }],
      ['kind', { kind: 'oauth' as const }],
    ] as const) {
      // One query, the page itself: no boundary of a look.
      const plans = await plansOf(() => audit.list(world.orgA, { ...filter, cursor: after }));
      expect(plans).toHaveLength(1);
      const [page] = plans;
      if (postgres) {
        expect(page).toContain(`"Index Name":"audit_events_organization_${column}_time_idx"`);
        expect(page).toMatch(indexCond(`ROW\\(${quoted('time')}, id\\) < ROW\\(`));
        expect(page).not.toContain('"Node Type":"Sort"');
      } else {
        expect(page).toMatch(
          new RegExp(
            `SEARCH audit_events USING INDEX audit_events_organization_${column}_time_idx \\(organization_id=\\? AND ${column}=\\? AND \\(time,id\\)<\\(\\?,\\?\\)\\)`,
          ),
        );
        expect(page).not.toContain('TEMP B-TREE');
      }
    }
  });

  it("the execution worker's claim: the queued and expired running rows through executions_status_created_idx, never the finished ones", async () => {
    // Every replica polls it every second; the seeded executions are all finished, as nearly all of a large table's are.
    const queue = new ExecutionQueue(db);
    const [claim] = await plansOf(() => queue.claim('plan', 60_000, new Date(iso(ROWS))));
    // One seek per claimable status (the few matches are then sorted by age); no walk of the table or of its age.
    if (postgres) {
      expect(claim).toContain('"Node Type":"BitmapOr"');
      for (const status of ['queued', 'running']) expect(claim).toMatch(indexCond(`\\(status = '${status}'::text\\)`));
      expect(claim).toContain('"Index Name":"executions_status_created_idx"');
      expect(claim).not.toContain('"Node Type":"Seq Scan"');
    } else {
      expect(claim).toContain('MULTI-INDEX OR');
      expect(claim.match(/SEARCH executions USING INDEX executions_status_created_idx \(status=\?\)/g)).toHaveLength(2);
      expect(claim).not.toMatch(/SCAN executions/);
    }
  });

  it("the month's usage: one row of usage_months by its key, never the executions", async () => {
    const plan = await planOf(() => monthlyUsage(db, world.orgA, new Date(iso(ROWS))));
    expect(plan).toContain('usage_months');
    expect(plan).not.toContain('executions');
    // PostgreSQL may read a table of a few rows whole; SQLite's plan names the key.
    if (!postgres) expect(plan).toMatch(/SEARCH usage_months USING INDEX sqlite_autoindex_usage_months_1 \(organization_id=\? AND month=\?\)/);
  });
});

async function sqlRun(db: Kysely<KaduDatabase>, statement: string): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(statement));
}

/** `ROWS` rows of every listed table in each organization, a minute apart; one execution in ten failed. */
async function seed(db: Kysely<KaduDatabase>, organizations: string[]): Promise<void> {
  const batches = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 200) }, (_, n) => rows.slice(n * 200, n * 200 + 200));
  const range = Array.from({ length: ROWS }, (_, i) => i + 1);
  for (const org of organizations) {
    const tasks = range.map((i) => ({
      id: id('t', org, i),
      organization_id: org,
      name: `task ${i}`,
      description: '',
      rules: '[]',
      run_roles: '[]',
      run_user_ids: '[]',
      created_at: iso(i),
      updated_at: iso(i),
      deleted_at: null,
    }));
    for (const rows of batches(tasks)) await db.insertInto('tasks').values(rows).execute();
    const executions = range.map((i) => ({
      id: id('e', org, i),
      organization_id: org,
      task_id: id('t', org, (i % 50) + 1),
      status: i % 10 === 0 ? ('failed' as const) : ('succeeded' as const),
      input_file_ids: '[]',
      answers: '[]',
      cost_cents: 3,
      created_by: 'seed',
      created_at: iso(i),
      updated_at: iso(i),
    }));
    for (const rows of batches(executions)) await db.insertInto('executions').values(rows).execute();
    const files = range.map((i) => ({
      id: id('f', org, i),
      organization_id: org,
      filename: `f${i}.csv`,
      content_type: 'text/csv',
      size: 1,
      status: 'ready' as const,
      source: 'upload' as const,
      created_at: iso(i),
    }));
    for (const rows of batches(files)) await db.insertInto('files').values(rows).execute();
    const endpoints = range.map((i) => ({
      id: id('w', org, i),
      organization_id: org,
      url: 'https://example.test/hook',
      description: '',
      events: '[]',
      enabled: 1,
      secret_ciphertext: 'x',
      created_at: iso(i),
      updated_at: iso(i),
    }));
    for (const rows of batches(endpoints)) await db.insertInto('webhook_endpoints').values(rows).execute();
    const deliveries = range.map((i) => ({
      id: id('d', org, i),
      organization_id: org,
      endpoint_id: id('w', org, (i % 50) + 1),
      event_id: `ev-${i}`,
      event_type: 'execution.finished',
      payload: '{}',
      status: 'succeeded' as const,
      attempt_count: 1,
      created_at: iso(i),
      updated_at: iso(i),
    }));
    for (const rows of batches(deliveries)) await db.insertInto('webhook_deliveries').values(rows).execute();
    const events = range.map((i) => ({
      id: id('a', org, i),
      organization_id: org,
      time: iso(i),
      subject: 'seed',
      client_id: 'client',
      era: '2025' as const,
      method: 'tools/call',
      tool: i % 1000 === 0 ? 'rare' : 'common',
      decision: i % 1000 === 500 ? 'forbidden_tool' : 'allowed',
      outcome: 'success' as const,
      duration_ms: 1,
      kind: i % 1000 === 250 ? ('oauth' as const) : ('mcp' as const),
    }));
    for (const rows of batches(events)) await db.insertInto('audit_events').values(rows).execute();
  }
}
