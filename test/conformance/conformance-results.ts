import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/** One check as the suite writes it to `checks.json`. */
export interface ConformanceCheck {
  id: string;
  name?: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO' | string;
  errorMessage?: string;
}

/**
 * What a scenario came to: `passed` (a check succeeded, none failed),
 * `failed` (a check failed, or the scenario left no results), `skipped`
 * (nothing succeeded or failed: the suite found nothing to exercise).
 */
export type ScenarioOutcome = 'passed' | 'failed' | 'skipped';

export interface ScenarioResult {
  scenario: string;
  outcome: ScenarioOutcome;
  passed: number;
  failed: number;
  warnings: number;
  /** The first failing checks' messages, for the summary. */
  failures: string[];
}

/** An entry of `baseline.json`: the outcome a scenario is known to have, and why. */
export interface BaselineEntry {
  outcome: Exclude<ScenarioOutcome, 'passed'>;
  /** `by-design`: cannot pass on a stateless JSON-only endpoint; `module-gap`: a module change makes it pass; `extension`: optional, not implemented. */
  kind: 'by-design' | 'module-gap' | 'extension';
  reason: string;
}

export interface Baseline {
  runs: Record<string, { expected: Record<string, BaselineEntry> }>;
}

/** How a scenario's result compares with the baseline. */
export type Verdict = 'pass' | 'expected' | 'unexpected-failure' | 'stale' | 'changed';

export interface ScenarioVerdict extends ScenarioResult {
  verdict: Verdict;
  baseline?: BaselineEntry;
}

const RESULT_DIR = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:-\d+)?Z$/;

/** The outcome of one scenario from its checks. */
export function summarizeChecks(scenario: string, checks: ConformanceCheck[]): ScenarioResult {
  const count = (status: string) => checks.filter((check) => check.status === status).length;
  const failed = count('FAILURE');
  const passed = count('SUCCESS');
  return {
    scenario,
    outcome: failed > 0 ? 'failed' : passed > 0 ? 'passed' : 'skipped',
    passed,
    failed,
    warnings: count('WARNING'),
    failures: checks
      .filter((check) => check.status === 'FAILURE')
      .slice(0, 3)
      .map((check) => `${check.id}: ${(check.errorMessage ?? '').split('\n')[0].slice(0, 200)}`),
  };
}

/**
 * Reads every `server-<scenario>-<timestamp>/checks.json` the suite wrote
 * under `dir`. A scenario that was expected but left nothing (the suite
 * crashed or timed out on it) counts as failed.
 */
export function readResults(dir: string, expectedScenarios: string[] = []): ScenarioResult[] {
  const results = new Map<string, ScenarioResult>();
  const entries = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
  for (const entry of entries) {
    const match = entry.isDirectory() ? RESULT_DIR.exec(entry.name) : null;
    const file = match ? join(dir, entry.name, 'checks.json') : '';
    if (!match || !existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, 'utf8')) as ConformanceCheck[];
    results.set(match[1], summarizeChecks(match[1], checks));
  }
  for (const scenario of expectedScenarios) {
    if (!results.has(scenario)) {
      results.set(scenario, {
        scenario,
        outcome: 'failed',
        passed: 0,
        failed: 1,
        warnings: 0,
        failures: ['no results: the suite did not finish this scenario'],
      });
    }
  }
  return [...results.values()].sort((a, b) => a.scenario.localeCompare(b.scenario));
}

/**
 * The gate: a scenario must pass unless the baseline names it, and then it
 * must come to exactly the outcome the baseline gives. A baselined scenario
 * that passes is `stale` (the entry must go), one that fails without an entry
 * is an `unexpected-failure`.
 */
export function judge(results: ScenarioResult[], expected: Record<string, BaselineEntry>): ScenarioVerdict[] {
  return results.map((result) => {
    const baseline = expected[result.scenario];
    let verdict: Verdict;
    if (!baseline) verdict = result.outcome === 'passed' ? 'pass' : 'unexpected-failure';
    else if (result.outcome === 'passed') verdict = 'stale';
    else verdict = result.outcome === baseline.outcome ? 'expected' : 'changed';
    return { ...result, verdict, ...(baseline ? { baseline } : {}) };
  });
}

/** Baseline entries naming a scenario the run did not report (a typo, or a scenario the suite dropped). */
export function unknownBaselineEntries(results: ScenarioResult[], expected: Record<string, BaselineEntry>): string[] {
  const seen = new Set(results.map((result) => result.scenario));
  return Object.keys(expected).filter((scenario) => !seen.has(scenario));
}

/** Problems of the baseline file itself: every entry needs an outcome, a kind and a reason. */
export function validateBaseline(baseline: Baseline): string[] {
  const problems: string[] = [];
  for (const [run, { expected }] of Object.entries(baseline.runs ?? {})) {
    for (const [scenario, entry] of Object.entries(expected ?? {})) {
      const where = `${run} / ${scenario}`;
      if (entry.outcome !== 'failed' && entry.outcome !== 'skipped') problems.push(`${where}: outcome must be "failed" or "skipped"`);
      if (!['by-design', 'module-gap', 'extension'].includes(entry.kind)) problems.push(`${where}: kind must be by-design, module-gap or extension`);
      if (typeof entry.reason !== 'string' || entry.reason.trim().length < 10) problems.push(`${where}: needs a reason`);
    }
  }
  return problems;
}

const CELL: Record<Verdict, (result: ScenarioVerdict) => string> = {
  pass: (r) => (r.warnings > 0 ? `pass (${r.warnings}w)` : 'pass'),
  expected: (r) => (r.outcome === 'skipped' ? 'skip (expected)' : 'xfail'),
  'unexpected-failure': (r) => (r.outcome === 'skipped' ? 'SKIPPED!' : 'FAIL!'),
  stale: () => 'PASSES (stale)',
  changed: (r) => `${r.outcome.toUpperCase()}! (baseline: ${r.baseline?.outcome})`,
};

/** A plain-text table: one row per scenario, one column per run. */
export function renderTable(runs: Array<{ name: string; verdicts: ScenarioVerdict[] }>): string {
  const scenarios = [...new Set(runs.flatMap((run) => run.verdicts.map((v) => v.scenario)))].sort();
  const header = ['scenario', ...runs.map((run) => run.name)];
  const rows = scenarios.map((scenario) => [
    scenario,
    ...runs.map((run) => {
      const verdict = run.verdicts.find((v) => v.scenario === scenario);
      return verdict ? CELL[verdict.verdict](verdict) : '-';
    }),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
