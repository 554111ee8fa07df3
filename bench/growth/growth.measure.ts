/**
 * What a listing, the month's usage and a pruning backlog cost as the data
 * grows, on SQLite (a WAL file, as a host runs it) and PostgreSQL (a
 * throwaway cluster). For each N, the demo organization gets N tasks,
 * executions (one in ten failed, the last two days, counted in
 * `usage_months`) and audit events (one in a thousand by a rare tool, one in
 * a thousand refused, one in a thousand by a rare client), nine
 * others N/18 each, seeded by direct SQL;
 * then each operation runs `RUNS` times in a row through the services the
 * tools call, and so does the execution worker's claim (nothing to claim),
 * each median and p95 printed beside N's first value. The last row deletes
 * a backlog of N/2 audit events past retention with the pruner while a
 * listing is asked every 5 ms, and reports the sweep's time and the
 * listing's worst latency meanwhile (on SQLite every statement blocks the
 * process, so that is what a request would wait).
 * With `--http`, each operation is also asked `RUNS` times as its tool's call
 * to the real Kadu serving that database (growth.http.ts), its rows marked
 * `(HTTP)`: what an operator measures over loopback; and Kadu is started
 * again on a backlog of N/2 events past retention, reporting its start-up
 * and the worst call while its first sweep runs.
 *
 * Run: `npm run bench:growth -- [N…] [--sqlite|--postgres] [--http]`
 * (default N: 1000 100000 1000000, both backends).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, Kysely } from 'kysely';
import type { McpCaller } from '@kobana/mcp';
import { AuditDatabase, AuditEventsPruner, AuditEventsService, DEFAULT_AUDIT_TRAIL_SETTINGS } from '@kobana/audit';
import { narrowDatabase } from '@kobana/database';
import { IdempotencyService } from '@kobana/idempotency';
import { openHostDatabase } from '@kobana/platform';
import { KADU_MIGRATIONS } from '../../src/database/migrations';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { encodeCursor } from '../../src/common/pagination/cursor.codec';
import { ExecutionQueue } from '../../src/executions/execution-queue.service';
import { ExecutionsService } from '../../src/executions/executions.service';
import { monthlyUsage } from '../../src/organizations/organization-usage.store';
import { TasksService } from '../../src/tasks/tasks.service';
import { startPostgresCluster } from '../../test/support/postgres-cluster';
import { GROWTH_CLIENT_PREFIX } from './growth.constants';
import { startGrowthServer } from './growth.http';

const RUNS = 200;
/** Untimed calls of each operation before the HTTP rows. */
const WARMUP_CALLS = 20;
/** Untimed calls of a server started on a backlog, before the calls during its first sweep are timed. */
const STARTUP_WARMUP_CALLS = 100;
const OTHERS = 9;
const DAY_MS = 24 * 60 * 60_000;

type Dialect = 'sqlite' | 'postgres';

/** The ISO text of `ms` since the epoch, in SQL of each dialect. */
const isoOf = (dialect: Dialect, ms: string) =>
  dialect === 'sqlite'
    ? `strftime('%Y-%m-%dT%H:%M:%fZ', (${ms}) / 1000.0, 'unixepoch')`
    : `to_char(to_timestamp((${ms}) / 1000.0) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Seeds `count` rows of each table for `org` (index `o`), the newest at `endMs`, `stepMs` apart. */
async function seedOrganization(db: Kysely<KaduDatabase>, dialect: Dialect, o: number, org: string, count: number, endMs: number): Promise<void> {
  const series = `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;
  const stepMs = Math.max(1, Math.floor((2 * DAY_MS) / count));
  const at = isoOf(dialect, `${endMs - count * stepMs} + i * ${stepMs}`);
  const id = (prefix: string) => `'${prefix}-${o}-' || i`;
  const run = (statement: string) => db.executeQuery(CompiledQuery.raw(statement));
  await run(
    `${series} insert into tasks (id, organization_id, name, description, rules, run_roles, run_user_ids, created_at, updated_at) ` +
      `select ${id('t')}, '${org}', 'task', '', '[]', '[]', '[]', ${at}, ${at} from n`,
  );
  await run(
    `${series} insert into executions (id, organization_id, task_id, status, input_file_ids, answers, cost_cents, created_by, claim_count, created_at, updated_at) ` +
      `select ${id('e')}, '${org}', '${`t-${o}-1`}', case when i % 10 = 0 then 'failed' else 'succeeded' end, '[]', '[]', 3, 'seed', 1, ${at}, ${at} from n`,
  );
  // The month's counter, as runs keep it (and as 0901_create_usage_months fills it).
  await run(
    `insert into usage_months (organization_id, month, executions, cost_cents) ` +
      `select organization_id, substr(created_at, 1, 7), count(*), sum(cost_cents) from executions where organization_id = '${org}' group by organization_id, substr(created_at, 1, 7)`,
  );
  await run(
    `${series} insert into audit_events (id, organization_id, time, subject, client_id, era, method, tool, decision, outcome, duration_ms, kind) ` +
      `select ${id('a')}, '${org}', ${at}, 'seed', case when i % 1000 = 250 then 'rare' else 'client' end, '2025', 'tools/call', ` +
      `case when i % 1000 = 0 then 'rare' else 'common' end, case when i % 1000 = 500 then 'forbidden_tool' else 'allowed' end, 'success', 1, 'mcp' from n`,
  );
}

/** A backlog of `count` events of `org` past any retention (a year old). */
async function seedBacklog(db: Kysely<KaduDatabase>, dialect: Dialect, org: string, count: number, endMs: number): Promise<void> {
  const at = isoOf(dialect, `${endMs - 365 * DAY_MS} - i * 10`);
  await db.executeQuery(
    CompiledQuery.raw(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) ` +
        `insert into audit_events (id, organization_id, time, subject, client_id, era, method, tool, decision, outcome, duration_ms, kind) ` +
        `select 'old-' || i, '${org}', ${at}, 'seed', 'client', '2025', 'tools/call', 'common', 'allowed', 'success', 1, 'mcp' from n`,
    ),
  );
}

/** One measured operation: through the service the tool calls, and as that tool's call over HTTP. */
interface Operation {
  operation: string;
  call: () => Promise<unknown>;
  tool: [name: string, args: Record<string, unknown>];
}

interface Row {
  operation: string;
  median: number;
  p95: number;
}

async function timed(runs: number, call: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)], p95: samples[Math.floor(runs * 0.95)] };
}

/**
 * The operations again, each as its tool's call to the real Kadu on the same
 * database, `RUNS` times over loopback. The calls' own audit events are
 * deleted before each row, so every row reads the seeded trail (plus at most
 * one row's calls).
 */
async function measureOverHttp(db: Kysely<KaduDatabase>, url: string, operations: Operation[]): Promise<Row[]> {
  const server = await startGrowthServer(url);
  const rows: Row[] = [];
  try {
    // A fresh process compiles its hot paths on the first calls: warm every one before any is timed.
    for (const { tool } of operations) for (let i = 0; i < WARMUP_CALLS; i++) await server.callTool(...tool);
    for (const { operation, tool } of operations) {
      // The audit sink writes in batches a few milliseconds apart: the last row's calls are in by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await db.deleteFrom('audit_events').where('client_id', 'like', `${GROWTH_CLIENT_PREFIX}%`).execute();
      rows.push({ operation: `${operation} (HTTP)`, ...(await timed(RUNS, () => server.callTool(...tool))) });
    }
  } finally {
    await server.stop();
  }
  await db.deleteFrom('audit_events').where('client_id', 'like', `${GROWTH_CLIENT_PREFIX}%`).execute();
  return rows;
}

/** How long the HTTP start-up rows wait for Kadu's first sweep of a backlog. */
const SWEEP_TIMEOUT_MS = 600_000;
/** How often a listing is asked while a sweep runs. */
const PROBE_INTERVAL_MS = 5;

/**
 * Kadu started on a database holding a backlog of `org`'s events past
 * retention: its start-up (which does not await the first sweep), how long
 * that sweep took from the moment the server listened, and the median, p95
 * and worst of `kadu_tasks_list` calls over HTTP, one every 5 ms after the
 * warm-up, while it ran.
 */
async function measureStartUpWithBacklog(db: Kysely<KaduDatabase>, url: string, org: string): Promise<Row[]> {
  const server = await startGrowthServer(url);
  const listened = performance.now();
  const pastRetention = new Date(Date.now() - 2 * DEFAULT_AUDIT_TRAIL_SETTINGS.retentionDays * DAY_MS).toISOString();
  const backlogLeft = async () =>
    (await db.selectFrom('audit_events').select('id').where('organization_id', '=', org).where('time', '<', pastRetention).limit(1).executeTakeFirst()) !==
    undefined;
  const during: number[] = [];
  let sweepMs = 0;
  try {
    // The first calls of a fresh process are its warm-up (compilation, the first collections), whatever the database does.
    for (let i = 0; i < STARTUP_WARMUP_CALLS; i++) await server.callTool('kadu_tasks_list', {});
    let sweeping = true;
    const watcher = (async () => {
      while (await backlogLeft()) {
        if (performance.now() - listened > SWEEP_TIMEOUT_MS) throw new Error(`Kadu's first sweep did not end within ${SWEEP_TIMEOUT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      sweepMs = performance.now() - listened;
      sweeping = false;
    })();
    while (sweeping) {
      const start = performance.now();
      await server.callTool('kadu_tasks_list', {});
      during.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
    }
    await watcher;
  } finally {
    await server.stop();
  }
  // No call when the sweep ended during the warm-up (a small backlog): the rows then say 0.
  during.sort((a, b) => a - b);
  const at = (q: number) => during[Math.min(during.length - 1, Math.floor(during.length * q))] ?? 0;
  const worst = during[during.length - 1] ?? 0;
  return [
    { operation: 'start-up with a backlog of N/2 events past retention (HTTP; ms)', median: server.startMs, p95: server.startMs },
    { operation: 'its first sweep, from listening until the backlog is gone (HTTP; ms)', median: sweepMs, p95: sweepMs },
    { operation: 'a tool call during that sweep, after the warm-up (HTTP)', median: at(0.5), p95: at(0.95) },
    { operation: 'a tool call during that sweep (HTTP; worst ms)', median: worst, p95: worst },
  ];
}

async function measure(dialect: Dialect, url: string, n: number, http: boolean): Promise<Row[]> {
  // No statement timeout: seeding a million rows is one statement each, longer than a request's 15 s on a busy machine.
  const { db } = await openHostDatabase<KaduDatabase>({ migrations: KADU_MIGRATIONS }, url, { statementTimeoutMs: 0 });
  try {
    const organizations = Array.from({ length: OTHERS + 1 }, (_, o) => `org-${o}`);
    for (const id of organizations) {
      await db.insertInto('organizations').values({ id, slug: id, name: id, plan: 'free', created_at: new Date().toISOString() }).execute();
    }
    const endMs = Date.now() - 60_000;
    const seedStart = performance.now();
    await seedOrganization(db, dialect, 0, organizations[0], n, endMs);
    for (let o = 1; o <= OTHERS; o++) await seedOrganization(db, dialect, o, organizations[o], Math.max(1, Math.floor(n / 18)), endMs);
    await db.executeQuery(CompiledQuery.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze'));
    process.stderr.write(`${dialect} N=${n}: seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const idempotency = new IdempotencyService(db);
    const tasks = new TasksService(db, idempotency);
    const executions = new ExecutionsService(db, idempotency, undefined as never);
    const audit = new AuditEventsService(narrowDatabase<AuditDatabase, KaduDatabase>(db), DEFAULT_AUDIT_TRAIL_SETTINGS);
    const caller: McpCaller = { subject: 'bench', organization_id: organizations[0], client_id: 'bench', scopes: ['kadu:read'], roles: ['owner'] };
    // The row 90 % down the demo organization's chain, newest first: the tenth of the oldest.
    const deep = Math.max(1, Math.floor(n / 10));
    const rowAt = async (table: 'tasks' | 'executions', prefix: string) =>
      db.selectFrom(table).select(['created_at', 'id']).where('id', '=', `${prefix}-0-${deep}`).executeTakeFirstOrThrow();
    const deepTask = encodeCursor(await rowAt('tasks', 't'));
    const deepExecution = encodeCursor(await rowAt('executions', 'e'));
    const deepEvent = await db.selectFrom('audit_events').select(['time', 'id']).where('id', '=', `a-0-${deep}`).executeTakeFirstOrThrow();
    const deepAudit = encodeCursor({ created_at: deepEvent.time, id: deepEvent.id });

    const rows: Row[] = [];
    const operations: Operation[] = [
      { operation: 'kadu_tasks_list, first page', call: () => tasks.list(caller, {}), tool: ['kadu_tasks_list', {}] },
      { operation: 'kadu_tasks_list, 90 % down', call: () => tasks.list(caller, { cursor: deepTask }), tool: ['kadu_tasks_list', { cursor: deepTask }] },
      {
        operation: 'kadu_executions_list status=failed, 90 % down',
        call: () => executions.list(caller, { status: 'failed', cursor: deepExecution }),
        tool: ['kadu_executions_list', { status: 'failed', cursor: deepExecution }],
      },
      audited(', first page', {}),
      audited(', 90 % down', { cursor: deepAudit }),
      audited(' tool=rare, first page', { tool: 'rare' }),
      audited(' tool=rare, 90 % down', { tool: 'rare', cursor: deepAudit }),
      audited(' decision=forbidden_tool, first page', { decision: 'forbidden_tool' }),
      audited(' decision=forbidden_tool, 90 % down', { decision: 'forbidden_tool', cursor: deepAudit }),
      audited(' client_id=rare (a look), first page', { client_id: 'rare' }),
      audited(' client_id=rare (a look), 90 % down', { client_id: 'rare', cursor: deepAudit }),
      {
        operation: "kadu_organization_get's usage (this month)",
        call: () => monthlyUsage(db, caller.organization_id, new Date()),
        tool: ['kadu_organization_get', {}],
      },
    ];
    /** An audit listing, in process and as its tool: `kadu_audit_events_list<label>`. */
    function audited(label: string, query: Record<string, string>): Operation {
      return { operation: `kadu_audit_events_list${label}`, call: () => audit.list(caller.organization_id, query), tool: ['kadu_audit_events_list', query] };
    }
    for (const { operation, call } of operations) rows.push({ operation, ...(await timed(RUNS, call)) });
    // The execution worker's poll, every second on every replica: nothing is queued or running among the seeded rows.
    const queue = new ExecutionQueue(db);
    rows.push({ operation: "the execution worker's claim, nothing to claim", ...(await timed(RUNS, () => queue.claim('bench', 60_000))) });
    if (http) rows.push(...(await measureOverHttp(db, url, operations)));

    // A backlog of N/2 events past retention, swept while a listing is asked every 5 ms: by Kadu after it starts, then in process.
    const backlog = Math.max(1, Math.floor(n / 2));
    if (http) {
      await seedBacklog(db, dialect, organizations[0], backlog, endMs);
      rows.push(...(await measureStartUpWithBacklog(db, url, organizations[0])));
    }
    await seedBacklog(db, dialect, organizations[0], backlog, endMs);
    const pruner = new AuditEventsPruner(narrowDatabase<AuditDatabase, KaduDatabase>(db), DEFAULT_AUDIT_TRAIL_SETTINGS);
    let sweeping = true;
    let worst = 0;
    // Each listing is timed from when it was due, not from when its turn came: on SQLite a batch blocks the
    // process, so a request arriving meanwhile waits for it before its own statement runs.
    const probe = (async () => {
      while (sweeping) {
        const due = performance.now() + PROBE_INTERVAL_MS;
        await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
        await tasks.list(caller, {});
        worst = Math.max(worst, performance.now() - due);
      }
    })();
    const sweepStart = performance.now();
    const deleted = await pruner.prune();
    const sweepMs = performance.now() - sweepStart;
    sweeping = false;
    await probe;
    if (deleted !== backlog) throw new Error(`the sweep deleted ${deleted} events`);
    rows.push({ operation: 'backlog sweep of N/2 events past retention (total ms)', median: sweepMs, p95: sweepMs });
    rows.push({ operation: 'a listing during the sweep (worst ms)', median: worst, p95: worst });
    return rows;
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const sizes = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
  const dialects: Dialect[] = args.includes('--sqlite') ? ['sqlite'] : args.includes('--postgres') ? ['postgres'] : ['sqlite', 'postgres'];
  const ns = sizes.length > 0 ? sizes : [1000, 100_000, 1_000_000];
  const http = args.includes('--http');
  for (const dialect of dialects) {
    const results = new Map<number, Row[]>();
    const cluster = dialect === 'postgres' ? await startPostgresCluster() : undefined;
    try {
      for (const n of ns) {
        const dir = mkdtempSync(join(tmpdir(), 'kadu-growth-'));
        try {
          let url = `sqlite:${join(dir, 'kadu.sqlite')}`;
          if (cluster) {
            await cluster.admin(`create database growth_${n}`);
            url = cluster.urlOf(`growth_${n}`);
          }
          results.set(n, await measure(dialect, url, n, http));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    } finally {
      cluster?.stop();
    }
    print(dialect, results);
  }
}

function print(dialect: Dialect, results: Map<number, Row[]>): void {
  const ns = [...results.keys()];
  const first = results.get(ns[0])!;
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
  const lines = [
    `\n${dialect}: median / p95, ms (${RUNS} sequential calls)`,
    `| operation | ${ns.map((n) => `N = ${n.toLocaleString('en')}`).join(' | ')} | ${ns[ns.length - 1].toLocaleString('en')} vs ${ns[0].toLocaleString('en')} |`,
    `|---|${ns.map(() => '--:').join('|')}|--:|`,
  ];
  first.forEach((row, index) => {
    const cells = ns.map((n) => {
      const r = results.get(n)![index];
      return `${ms(r.median)} / ${ms(r.p95)}`;
    });
    const last = results.get(ns[ns.length - 1])![index];
    lines.push(`| ${row.operation} | ${cells.join(' | ')} | ${(last.median / row.median).toFixed(1)}× |`);
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
