/**
 * A smoke of the benchmark harness (never a timed test): two servers, one
 * second each, and the proof that the table is produced and that every
 * response the load received was the correct result. Speeds are not asserted:
 * on a shared CI machine they mean nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR } from '../../bench/harness/bench.paths';
import type { BenchReport } from '../../bench/harness/bench.report';

const SMOKE_TIMEOUT_MS = 240_000;

describe('bench harness (smoke)', () => {
  let report: BenchReport;

  beforeAll(() => {
    // The same step as `npm run bench`: the harness's own dependencies, from its lockfile.
    if (!existsSync(join(BENCH_DIR, 'node_modules', 'autocannon'))) {
      execFileSync('npm', ['ci', '--prefix', BENCH_DIR, '--no-audit', '--no-fund'], { stdio: 'ignore', timeout: 180_000 });
    }
  }, SMOKE_TIMEOUT_MS);

  beforeAll(async () => {
    // Loaded only now: the harness requires autocannon, which the step above installs on a fresh machine.
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
});
