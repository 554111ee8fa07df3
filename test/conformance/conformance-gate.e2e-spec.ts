import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Baseline, BaselineEntry, judge, readResults, summarizeChecks, unknownBaselineEntries, validateBaseline } from './conformance-results';

/**
 * The gate of run-conformance.ts, without the suite: how checks become a
 * scenario outcome, and how outcomes are judged against baseline.json.
 * (The suite itself runs in `.ci/conformance`, with Node 22.)
 */
describe('conformance gate', () => {
  const failing: BaselineEntry = { outcome: 'failed', kind: 'by-design', reason: 'needs a server→client stream' };

  it('a scenario fails on any failed check, passes on a success, and is skipped with neither', () => {
    expect(
      summarizeChecks('a', [
        { id: 'x', status: 'SUCCESS' },
        { id: 'y', status: 'FAILURE', errorMessage: 'boom' },
      ]),
    ).toMatchObject({
      outcome: 'failed',
      passed: 1,
      failed: 1,
      failures: ['y: boom'],
    });
    expect(
      summarizeChecks('b', [
        { id: 'x', status: 'SUCCESS' },
        { id: 'w', status: 'WARNING' },
      ]),
    ).toMatchObject({ outcome: 'passed', warnings: 1 });
    expect(
      summarizeChecks('c', [
        { id: 'w', status: 'WARNING' },
        { id: 'i', status: 'INFO' },
        { id: 's', status: 'SKIPPED' },
      ]).outcome,
    ).toBe('skipped');
  });

  it('fails an unlisted failure, accepts a listed one, and flags a listed scenario that now passes', () => {
    const results = [
      summarizeChecks('new-failure', [{ id: 'x', status: 'FAILURE' }]),
      summarizeChecks('known-failure', [{ id: 'x', status: 'FAILURE' }]),
      summarizeChecks('fixed', [{ id: 'x', status: 'SUCCESS' }]),
      summarizeChecks('fine', [{ id: 'x', status: 'SUCCESS' }]),
      summarizeChecks('now-skipped', [{ id: 'x', status: 'SKIPPED' }]),
    ];
    const verdicts = judge(results, { 'known-failure': failing, fixed: failing, 'now-skipped': failing });
    expect(Object.fromEntries(verdicts.map((v) => [v.scenario, v.verdict]))).toEqual({
      'new-failure': 'unexpected-failure',
      'known-failure': 'expected',
      fixed: 'stale',
      fine: 'pass',
      'now-skipped': 'changed',
    });
  });

  it('reports baseline entries for scenarios the suite did not run', () => {
    const results = [summarizeChecks('ran', [{ id: 'x', status: 'FAILURE' }])];
    expect(unknownBaselineEntries(results, { ran: failing, 'tools-call-typo': failing })).toEqual(['tools-call-typo']);
  });

  it('reads the suite result folders and counts a scenario that left none as failed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-gate-'));
    try {
      const folder = join(dir, 'server-tools-call-image-2026-07-28T10-00-00-123Z');
      mkdirSync(folder);
      writeFileSync(join(folder, 'checks.json'), JSON.stringify([{ id: 'tools-call-image', status: 'SUCCESS' }]));
      const results = readResults(dir, ['tools-call-image', 'tools-call-audio']);
      expect(results.map((r) => [r.scenario, r.outcome])).toEqual([
        ['tools-call-audio', 'failed'],
        ['tools-call-image', 'passed'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('baseline.json gives every known outcome a kind and a reason', () => {
    const baseline = JSON.parse(readFileSync(join(__dirname, 'baseline.json'), 'utf8')) as Baseline;
    expect(Object.keys(baseline.runs).sort()).toEqual(['next-2025', 'next-2026', 'stable-2025']);
    expect(validateBaseline(baseline)).toEqual([]);
    expect(validateBaseline({ runs: { r: { expected: { s: { outcome: 'passed', kind: 'nope', reason: '' } as never } } } })).toHaveLength(3);
  });
});
