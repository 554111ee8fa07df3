import type { BenchRow } from './bench.report';

/** What `--check` found: one line per ratio held to a target, and whether every one was met. */
export interface BenchCheck {
  lines: string[];
  /** False when any module row misses a target (then `npm run bench -- --check` exits 1). */
  passed: boolean;
}

const ratio = (value: number) => `${value.toFixed(2)}×`;

/**
 * Holds each module row with a goal to it: its median CPU per request and p99
 * against its baseline row's, from the same run. A row whose baseline was not
 * run is listed as not checked (it neither passes nor fails the run).
 */
export function checkRows(rows: readonly BenchRow[]): BenchCheck {
  const lines: string[] = [];
  let passed = true;
  for (const row of rows) {
    const goal = row.target.goal;
    if (!goal) continue;
    if (!row.vsBaseline) {
      lines.push(`-    ${row.target.id}: not checked (its baseline \`${row.target.baseline}\` was not in this run)`);
      continue;
    }
    const measured: Array<[string, number, number | undefined]> = [
      ['CPU/req', row.vsBaseline.cpu, goal.cpu],
      ['p99', row.vsBaseline.p99, goal.p99],
    ];
    for (const [what, value, limit] of measured) {
      if (limit === undefined) continue;
      const met = Number.isFinite(value) && value <= limit;
      passed &&= met;
      lines.push(`${met ? 'ok  ' : 'MISS'} ${row.target.id}: ${what} ${ratio(value)} of \`${row.vsBaseline.baseline}\`, target ≤ ${ratio(limit)}`);
    }
  }
  if (lines.length === 0) lines.push('no row of this run has a target (run the module rows with their baselines)');
  return { lines, passed };
}
