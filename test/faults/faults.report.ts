/**
 * The summary of the fault cases: one row per fault, printed to stdout and
 * written to `<temp>/kadu-faults/<suite>.txt`, so the numbers can be quoted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One fault's numbers. */
export interface FaultRow {
  fault: string;
  /** Requests sent (each retry counts). */
  sent: number;
  /** Answered with a success. */
  answered: number;
  /** Answered 503 with Retry-After. */
  unavailable: number;
  /** Any other 5xx (500, 502, 504, a 503 without Retry-After). */
  other5xx: number;
  /** No answer (connection error, timeout) or a 4xx or an error result. */
  otherFailures: number;
  lost: number;
  duplicated: number;
  /** Executions not in a final state once the case settled. */
  stuck: number;
  /** The median time of a request over the case (the machine's load shows here). */
  medianMs: number;
  /** From the fault's end to success again, the slowest kind of request. */
  recoveryMs: number;
  /** `/readyz` answers during the fault. */
  readiness: string;
}

const COLUMNS: Array<[string, (row: FaultRow) => string]> = [
  ['fault', (row) => row.fault],
  ['sent', (row) => String(row.sent)],
  ['answered', (row) => String(row.answered)],
  ['503', (row) => String(row.unavailable)],
  ['other 5xx', (row) => String(row.other5xx)],
  ['other failed', (row) => String(row.otherFailures)],
  ['lost', (row) => String(row.lost)],
  ['duplicated', (row) => String(row.duplicated)],
  ['stuck', (row) => String(row.stuck)],
  ['median request', (row) => `${row.medianMs} ms`],
  ['recovery', (row) => (Number.isFinite(row.recoveryMs) ? `${(row.recoveryMs / 1000).toFixed(1)} s` : 'never')],
  ['readiness during the fault', (row) => row.readiness],
];

/** The rows as a Markdown table. */
export function renderTable(rows: FaultRow[]): string {
  const lines = [COLUMNS.map(([title]) => title), COLUMNS.map(() => '---'), ...rows.map((row) => COLUMNS.map(([, cell]) => cell(row)))];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n') + '\n';
}

/** Prints the table and writes it under the system temp folder; answers the file's path. */
export function publishTable(suite: string, rows: FaultRow[]): string {
  const dir = join(tmpdir(), 'kadu-faults');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suite}.txt`);
  const table = renderTable(rows);
  writeFileSync(file, table);
  process.stdout.write(`\n${suite} (${file}):\n${table}`);
  return file;
}
