import type { LoadSample } from './bench.load';
import type { BenchTarget } from './bench.targets';

/** The medians of one target over the rounds, and how it compares. */
export interface BenchRow {
  target: BenchTarget;
  requestsPerSec: number;
  p99Ms: number;
  peakRssMb: number;
  /** Server CPU time per response, in microseconds. */
  cpuMicrosPerRequest: number;
  total: number;
  incorrect: number;
  /**
   * Module rows: throughput, p99 and CPU per request as multiples of the
   * baseline row's, each the median over the rounds of that round's ratio
   * (see {@link buildReport}).
   */
  vsBaseline?: { throughput: number; p99: number; cpu: number; baseline: string };
  /** Module echo rows: throughput as a multiple of the fastest peer's. */
  vsBestPeer?: { throughput: number; peer: string };
}

/** Everything a run produced. */
export interface BenchReport {
  rows: BenchRow[];
  /** The markdown table. */
  table: string;
  /** Whether every response of every load was the correct result. */
  allCorrect: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Medians per target, then the ratios: a module row against its baseline
 * round by round (each round loads them one after the other, so a ratio
 * compares two loads under the same conditions of the machine), the median
 * of those ratios; a module echo against the best peer from the medians.
 * A neighbour's burst that slows one round of both rows moves the medians of
 * each, not their ratio of that round.
 */
export function buildReport(targets: readonly BenchTarget[], samples: Map<string, LoadSample[]>): BenchReport {
  const rows: BenchRow[] = targets.map((target) => {
    const own = samples.get(target.id) ?? [];
    return {
      target,
      requestsPerSec: median(own.map((s) => s.requestsPerSec)),
      p99Ms: median(own.map((s) => s.p99Ms)),
      peakRssMb: median(own.map((s) => s.peakRss)) / 2 ** 20,
      cpuMicrosPerRequest: median(own.map((s) => s.cpuMicrosPerRequest)),
      total: own.reduce((sum, s) => sum + s.total, 0),
      incorrect: own.reduce((sum, s) => sum + Math.max(s.wrongStatus, s.wrongBody) + s.failed, 0),
    };
  });
  const byId = new Map(rows.map((row) => [row.target.id, row]));
  const peers = rows.filter((row) => row.target.peer === true);
  const bestPeer = peers.reduce<BenchRow | undefined>((best, row) => (!best || row.requestsPerSec > best.requestsPerSec ? row : best), undefined);
  for (const row of rows) {
    const baseline = row.target.baseline ? byId.get(row.target.baseline) : undefined;
    if (baseline) {
      const own = samples.get(row.target.id) ?? [];
      const base = samples.get(baseline.target.id) ?? [];
      const perRound = (of: (sample: LoadSample) => number) => median(own.slice(0, base.length).map((sample, round) => of(sample) / of(base[round])));
      row.vsBaseline = {
        throughput: perRound((sample) => sample.requestsPerSec),
        p99: perRound((sample) => sample.p99Ms),
        cpu: perRound((sample) => sample.cpuMicrosPerRequest),
        baseline: baseline.target.id,
      };
    }
    if (row.target.module && row.target.group === 'echo' && bestPeer) {
      row.vsBestPeer = { throughput: row.requestsPerSec / bestPeer.requestsPerSec, peer: bestPeer.target.id };
    }
  }
  return { rows, table: renderTable(rows), allCorrect: rows.every((row) => row.incorrect === 0 && row.total > 0) };
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const thousands = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–');

function renderTable(rows: BenchRow[]): string {
  const lines = [
    '| server | req/s | p99 ms | CPU µs/req | RSS MB | responses (incorrect) | vs baseline: req/s ×, p99 ×, CPU/req × | vs best peer |',
    '|---|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const row of rows) {
    const baseline = row.vsBaseline
      ? `${fixed(row.vsBaseline.throughput, 2)}×, ${fixed(row.vsBaseline.p99, 2)}×, ${fixed(row.vsBaseline.cpu, 2)}× (vs \`${row.vsBaseline.baseline}\`)`
      : '';
    const peer = row.vsBestPeer ? `${fixed(row.vsBestPeer.throughput, 2)}× (vs \`${row.vsBestPeer.peer}\`)` : '';
    lines.push(
      `| ${row.target.label} \`${row.target.id}\` | ${thousands(row.requestsPerSec)} | ${fixed(row.p99Ms, 0)} | ${thousands(row.cpuMicrosPerRequest)} | ${fixed(row.peakRssMb, 0)} | ${thousands(row.total)} (${row.incorrect}) | ${baseline} | ${peer} |`,
    );
  }
  return lines.join('\n');
}
