/**
 * A smoke of the benchmark harness (never a timed test): two servers, one
 * second each, and the proof that the table is produced and that every
 * response the load received was the correct result. Speeds are not asserted:
 * on a shared CI machine they mean nothing.
 */
import { buildReport } from '../../bench/harness/bench.report';
import type { BenchReport } from '../../bench/harness/bench.report';
import type { LoadSample } from '../../bench/harness/bench.load';
import { TARGETS } from '../../bench/harness/bench.targets';
import { checkRows } from '../../bench/harness/bench.check';

const SMOKE_TIMEOUT_MS = 240_000;

describe('bench harness (smoke)', () => {
  let report: BenchReport;

  beforeAll(async () => {
    // Loaded only now: the harness requires autocannon, which the e2e project's globalSetup installs on a fresh machine.
    const { runBench } = await import('../../bench/harness/bench.run');
    report = await runBench({
      durationSec: 1,
      rounds: 1,
      connections: 8,
      warmupSec: 0,
      rewarmSec: 0,
      only: ['rest-echo', 'module-echo-2026', 'confirm-2026', 'confirm-2025'],
    });
  }, SMOKE_TIMEOUT_MS);

  it('loads both servers and gets only correct results, confirmation answers included', () => {
    expect(report.rows.map((row) => row.target.id)).toEqual(['rest-echo', 'module-echo-2026', 'confirm-2026', 'confirm-2025']);
    for (const row of report.rows) {
      expect(row.total).toBeGreaterThan(0);
      expect(row.incorrect).toBe(0);
      // Measured from the server's own CPU time: a sample that never arrived would show as 0 or NaN.
      expect(row.cpuMicrosPerRequest).toBeGreaterThan(0);
    }
    expect(report.allCorrect).toBe(true);
  });

  it('prints one table with a row per target and the module against its route', () => {
    const lines = report.table.split('\n');
    expect(lines[0]).toBe('| server | req/s | p99 ms | CPU µs/req | RSS MB | responses (incorrect) | vs baseline: req/s ×, p99 ×, CPU/req × | vs best peer |');
    expect(lines).toHaveLength(6);
    expect(lines[2]).toContain('`rest-echo`');
    expect(lines[3]).toContain('`module-echo-2026`');
    expect(lines[3]).toContain('(vs `rest-echo`)');
    expect(report.rows[1].vsBaseline?.baseline).toBe('rest-echo');
    expect(lines[4]).toContain('(vs `module-echo-2026`)');
  });

  it('--check holds the module echo to its target and prints the ratio against it (the verdict depends on the machine)', () => {
    const check = checkRows(report.rows);
    expect(check.lines).toHaveLength(1);
    expect(check.lines[0]).toMatch(/^(ok {2}|MISS) module-echo-2026: CPU\/req \d+\.\d\d× of `rest-echo`, target ≤ 1\.05×$/);
    expect(check.passed).toBe(check.lines[0].startsWith('ok'));
  });

  it('--check fails a run where one ratio misses and passes one where all are met', () => {
    const row = (cpu: number, p99: number) =>
      ({
        ...report.rows[1],
        target: { ...report.rows[1].target, goal: { cpu: 1.1, p99: 1.3 } },
        vsBaseline: { throughput: 1, p99, cpu, baseline: 'rest-echo' },
      }) as BenchReport['rows'][number];
    expect(checkRows([row(1.05, 1.2)])).toEqual({
      passed: true,
      lines: ['ok   module-echo-2026: CPU/req 1.05× of `rest-echo`, target ≤ 1.10×', 'ok   module-echo-2026: p99 1.20× of `rest-echo`, target ≤ 1.30×'],
    });
    const missed = checkRows([row(1.05, 1.2), row(1.11, 1.2)]);
    expect(missed.passed).toBe(false);
    expect(missed.lines[2]).toBe('MISS module-echo-2026: CPU/req 1.11× of `rest-echo`, target ≤ 1.10×');
    expect(checkRows([{ ...row(1, 1), vsBaseline: undefined }]).lines).toEqual([
      '-    module-echo-2026: not checked (its baseline `rest-echo` was not in this run)',
    ]);
  });
});

describe('bench harness (smoke): Kadu task rows and the rate-limit budget rows', () => {
  const ROWS = [
    'kadu-tasks-list-rest',
    'kadu-tasks-list-2025',
    'kadu-tasks-list-2026',
    'kadu-tasks-get-rest',
    'kadu-tasks-get-2025',
    'kadu-tasks-get-2026',
    'kadu-tasks-update-rest',
    'kadu-tasks-update-2025',
    'kadu-tasks-update-2026',
    'budget-600',
    'budget-60000',
  ];
  let report: BenchReport;

  beforeAll(async () => {
    const { runBench } = await import('../../bench/harness/bench.run');
    report = await runBench({ durationSec: 1, rounds: 1, connections: 8, warmupSec: 0, rewarmSec: 0, only: ROWS });
  }, SMOKE_TIMEOUT_MS);

  it('gets only correct results: the 10-task page, the task, and every update with its fresh idempotency key', () => {
    expect(report.rows.map((row) => row.target.id)).toEqual(ROWS);
    for (const row of report.rows) {
      expect([row.target.id, row.total > 0, row.incorrect]).toEqual([row.target.id, true, 0]);
      expect(row.cpuMicrosPerRequest).toBeGreaterThan(0);
    }
    expect(report.allCorrect).toBe(true);
  });

  it('compares each tool with its route, and the caller at 60,000 a minute with the callers at 600', () => {
    const baselines = Object.fromEntries(report.rows.filter((row) => row.vsBaseline).map((row) => [row.target.id, row.vsBaseline!.baseline]));
    expect(baselines).toEqual({
      'kadu-tasks-list-2025': 'kadu-tasks-list-rest',
      'kadu-tasks-list-2026': 'kadu-tasks-list-rest',
      'kadu-tasks-get-2025': 'kadu-tasks-get-rest',
      'kadu-tasks-get-2026': 'kadu-tasks-get-rest',
      'kadu-tasks-update-2025': 'kadu-tasks-update-rest',
      'kadu-tasks-update-2026': 'kadu-tasks-update-rest',
      'budget-60000': 'budget-600',
    });
    // Six tools × (CPU, p99) and the budget row's CPU.
    expect(checkRows(report.rows).lines).toHaveLength(13);
  });
});

describe('bench report: a module row against its baseline, round by round', () => {
  const sample = (requestsPerSec: number, cpuMicrosPerRequest: number, p99Ms = 10): LoadSample => ({
    requestsPerSec,
    p99Ms,
    peakRss: 2 ** 20,
    cpuMicrosPerRequest,
    total: 100,
    wrongStatus: 0,
    wrongBody: 0,
    failed: 0,
  });
  const route = TARGETS.find((target) => target.id === 'kadu-tasks-get-rest')!;
  const tool = TARGETS.find((target) => target.id === 'kadu-tasks-get-2026')!;

  it('takes the median of each round’s ratio: the machine’s state in one round weighs on both rows of that round', () => {
    // The tool costs 1.05× its route under the same conditions. Rounds 2 and 4 ran on a busy machine (both rows twice the
    // CPU); in round 5 only the route's load was hit. Each row's median alone would put the tool at 525 / 1,000 = 0.53×.
    const routeCpu = [500, 1000, 500, 1000, 1000];
    const toolCpu = [525, 1050, 525, 1050, 525];
    const report = buildReport(
      [route, tool],
      new Map([
        [route.id, routeCpu.map((cpu) => sample(1000, cpu))],
        [tool.id, toolCpu.map((cpu) => sample(950, cpu, 12))],
      ]),
    );
    const [routeRow, toolRow] = report.rows;
    expect([routeRow.cpuMicrosPerRequest, toolRow.cpuMicrosPerRequest]).toEqual([1000, 525]);
    expect(toolRow.vsBaseline).toEqual({ throughput: 0.95, p99: expect.closeTo(1.2, 6), cpu: expect.closeTo(1.05, 6), baseline: route.id });
    expect(report.table).toContain('0.95×, 1.20×, 1.05× (vs `kadu-tasks-get-rest`)');
  });
});
