/**
 * One fault under load, measured: the load starts, the fault is injected and
 * ended, the load goes on for a while, then the tables are read. What a case
 * measures is one {@link FaultRow} of the summary; what it asserts is in
 * {@link expectSurvived}.
 */
import type { Replica } from '../replicas/replica.process';
import { delay, FaultLoad, LoadCaller, Outcome } from './faults.load';
import { FaultRow } from './faults.report';
import { query } from './faults.world';

/** Clients of the load: the operators' six. */
export const CLIENTS = 6;
/** Load before the fault, so the replicas' pools and nginx's connections are warm. */
const WARM_UP_MS = 1500;
/** Load after the fault's end: recovery must come within {@link RECOVERY_BOUND_MS}, and a margin is seen past it. */
const AFTER_MS = 6000;
/** Requests must succeed again within this of the fault's end. */
export const RECOVERY_BOUND_MS = 5000;
/** `/readyz` answers within its 1 s budget; the margin is the two-core machine's scheduling under load. */
export const READYZ_BUDGET_MS = 1000;
const READYZ_SLACK_MS = 500;
const READYZ_EVERY_MS = 250;
/** How long the queued executions get to reach a final state once the load stops: a dead replica's lease, then the run. */
const SETTLE_MS = 30_000;
const FINAL_STATUSES = ['succeeded', 'failed', 'cancelled'];

/** What the case needs to know of the world. */
export interface FaultTarget {
  /** Where the load is sent (nginx, or the one replica). */
  baseUrl: () => string;
  /** The replicas whose `/readyz` is polled during the fault. */
  replicas: () => Replica[];
  /** The superuser's URL of the database the replicas use (PostgreSQL), or a reader of the tables (SQLite). */
  tables: TableReader;
}

/** Reads the case's rows, whatever the database. */
export interface TableReader {
  /** Names of the caller's tasks, one entry per row. */
  taskNames(organizationId: string): Promise<string[]>;
  /** The caller's executions: id and status. */
  executions(organizationId: string): Promise<Array<{ id: string; status: string }>>;
}

/** The PostgreSQL reader, one connection per read. */
export function postgresTables(url: string): TableReader {
  return {
    taskNames: async (organizationId) =>
      (await query<{ name: string }>(url, 'select name from tasks where organization_id = $1', [organizationId])).map((row) => row.name),
    executions: (organizationId) =>
      query<{ id: string; status: string }>(url, 'select id, status from executions where organization_id = $1', [organizationId]),
  };
}

/** The fault itself: `inject` starts it and resolves when it has ended (the fault's end is measured from there). */
export interface Fault {
  name: string;
  inject(): Promise<void>;
  /** Whether `/readyz` must have answered 503 during the fault (a dependency readiness checks was down). */
  readinessDown: boolean;
}

/** What one case measured, the summary's row and what the assertions read. */
export interface FaultMeasure {
  row: FaultRow;
  /** Requests that got neither a success nor a 503 with Retry-After, with their detail. */
  failures: Outcome[];
  /** 503s answered after the recovery bound. */
  late503: Outcome[];
  lost: string[];
  duplicated: string[];
  stuck: string[];
  readyz: Array<{ status: number; ms: number }>;
  faultStart: number;
  faultEnd: number;
}

/** Runs `fault` under the load of `caller` and measures it. */
export async function measureFault(target: FaultTarget, caller: LoadCaller, fault: Fault): Promise<FaultMeasure> {
  const load = new FaultLoad(target.baseUrl, caller);
  load.start(CLIENTS);
  await delay(WARM_UP_MS);
  const readyz: Array<{ status: number; ms: number }> = [];
  let polling = true;
  const poller = pollReadiness(target.replicas, readyz, () => polling);
  const faultStart = Date.now();
  let faultEnd: number;
  try {
    await fault.inject();
  } finally {
    faultEnd = Date.now();
    polling = false;
    await poller;
    await delay(AFTER_MS);
    await load.stop();
  }

  const names = await target.tables.taskNames(caller.organizationId);
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const lost = [...load.writesAcknowledged].filter((name) => !counts.has(name));
  const duplicated = [...counts].filter(([name, count]) => count > 1 && load.writesSent.has(name)).map(([name]) => name);
  const unknownRows = [...counts.keys()].filter((name) => name.startsWith(`${caller.slug}-`) && !load.writesSent.has(name));
  duplicated.push(...unknownRows);

  const stuck = await settle(target.tables, caller.organizationId);
  const executions = await target.tables.executions(caller.organizationId);
  const missingRuns = [...load.runsAcknowledged].filter((id) => !executions.some((row) => row.id === id));
  lost.push(...missingRuns.map((id) => `execution ${id}`));
  // One execution per run key at most: a run sent again with its key is the same execution.
  if (executions.length > load.runsSent.size) duplicated.push(`${executions.length - load.runsSent.size} execution(s) over the ${load.runsSent.size} run keys`);

  const outcomes = load.outcomes;
  const unavailable = outcomes.filter((outcome) => outcome.status === 503 && outcome.retryAfter);
  const failures = outcomes.filter((outcome) => !outcome.ok && !(outcome.status === 503 && outcome.retryAfter));
  const late503 = unavailable.filter((outcome) => outcome.startedAt > faultEnd + RECOVERY_BOUND_MS);
  const recoveryMs = recovery(outcomes, faultEnd);
  const row: FaultRow = {
    fault: fault.name,
    sent: outcomes.length,
    answered: outcomes.filter((outcome) => outcome.ok).length,
    unavailable: unavailable.length,
    other5xx: outcomes.filter((outcome) => outcome.status >= 500 && !(outcome.status === 503 && outcome.retryAfter)).length,
    otherFailures: failures.filter((outcome) => outcome.status < 500).length,
    lost: lost.length,
    duplicated: duplicated.length,
    stuck: stuck.length,
    medianMs: median(outcomes.map((outcome) => outcome.endedAt - outcome.startedAt)),
    recoveryMs,
    readiness: describeReadiness(readyz),
  };
  return { row, failures, late503, lost, duplicated, stuck, readyz, faultStart, faultEnd };
}

/**
 * From the fault's end to the answer of the first successful request of
 * each kind sent after it; the slowest kind. `Infinity` when a kind never
 * succeeded again.
 */
function recovery(outcomes: Outcome[], faultEnd: number): number {
  const kinds = new Set(outcomes.map((outcome) => outcome.kind));
  let worst = 0;
  for (const kind of kinds) {
    const after = outcomes.filter((outcome) => outcome.kind === kind && outcome.ok && outcome.startedAt >= faultEnd);
    const first = Math.min(...after.map((outcome) => outcome.endedAt));
    worst = Math.max(worst, first - faultEnd);
  }
  return worst;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
}

/** Waits until every execution of the organization is final; answers the ids still not final after {@link SETTLE_MS}. */
async function settle(tables: TableReader, organizationId: string): Promise<string[]> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const open = (await tables.executions(organizationId)).filter((row) => !FINAL_STATUSES.includes(row.status));
    if (open.length === 0 || Date.now() > deadline) return open.map((row) => `${row.id} ${row.status}`);
    await delay(250);
  }
}

/** Polls every replica's `/readyz` directly while `going()`; each answer's status (0: none) and time. */
async function pollReadiness(replicas: () => Replica[], seen: Array<{ status: number; ms: number }>, going: () => boolean): Promise<void> {
  while (going()) {
    await Promise.all(
      replicas()
        .filter((replica) => !replica.exited)
        .map(async (replica) => {
          const started = Date.now();
          try {
            const res = await fetch(`${replica.baseUrl}/readyz`, { signal: AbortSignal.timeout(10_000) });
            await res.text();
            seen.push({ status: res.status, ms: Date.now() - started });
          } catch {
            seen.push({ status: 0, ms: Date.now() - started });
          }
        }),
    );
    await delay(READYZ_EVERY_MS);
  }
}

function describeReadiness(readyz: Array<{ status: number; ms: number }>): string {
  if (readyz.length === 0) return 'not polled';
  const by = new Map<number, number>();
  for (const { status } of readyz) by.set(status, (by.get(status) ?? 0) + 1);
  const statuses = [...by].map(([status, count]) => `${status === 0 ? 'none' : status}×${count}`).join(' ');
  return `${statuses}, max ${Math.max(...readyz.map((probe) => probe.ms))} ms`;
}

/** The longest `/readyz` answer may take and still be within its budget. */
export const READYZ_LIMIT_MS = READYZ_BUDGET_MS + READYZ_SLACK_MS;
