import { buildHosts } from './bench.build';
import { CpuPlan, pinProcess } from './bench.machine';
import type { BenchConfig } from './bench.config';
import { LoadSample, PreparedTarget, prepareTarget, runLoad } from './bench.load';
import { BenchReport, buildReport } from './bench.report';
import { RunningServer, SERVERS, startServer } from './bench.servers';
import { BenchTarget, TARGETS } from './bench.targets';

/** Options of {@link runBench}. */
export interface RunBenchOptions {
  log?: (line: string) => void;
  /** Skip compiling the hosts (a caller that just did). */
  skipBuild?: boolean;
  /** Cores for the servers and the load generator; shared cores when absent. */
  cpus?: CpuPlan;
}

/**
 * Starts every server the selected targets need (each in its own process),
 * checks one reference answer per target, warms each up, then loads them
 * interleaved (A B C, A B C, …), each measured load right after an unmeasured
 * one of the same target, and reduces the rounds to medians.
 */
export async function runBench(config: BenchConfig, options: RunBenchOptions = {}): Promise<BenchReport> {
  const log = options.log ?? (() => undefined);
  const targets = selectTargets(config.only);
  const serverIds = [...new Set(targets.map((target) => target.server))];
  if (!options.skipBuild && serverIds.some((id) => SERVERS[id].entry.endsWith('.ts'))) {
    log('compiling the hosts…');
    buildHosts(log);
  }
  const servers = new Map<string, RunningServer>();
  if (options.cpus) pinProcess(process.pid, options.cpus.load);
  try {
    for (const id of serverIds) {
      log(`starting ${id}…`);
      servers.set(id, await startServer(SERVERS[id], { cpu: options.cpus?.server }));
    }
    const prepared: PreparedTarget[] = [];
    for (const target of targets) prepared.push(await prepareTarget(target, servers.get(target.server)!));
    if (config.warmupSec > 0) {
      for (const target of prepared) await runLoad(target, config, config.warmupSec);
    }
    const samples = new Map<string, LoadSample[]>(targets.map((target) => [target.id, []]));
    for (let round = 1; round <= config.rounds; round++) {
      for (const target of prepared) {
        if (config.rewarmSec > 0) await runLoad(target, config, config.rewarmSec);
        const sample = await runLoad(target, config, config.durationSec);
        samples.get(target.target.id)!.push(sample);
        log(
          `round ${round}/${config.rounds} ${target.target.id}: ${Math.round(sample.requestsPerSec)} req/s, p99 ${sample.p99Ms} ms, CPU ${Math.round(sample.cpuMicrosPerRequest)} µs/req`,
        );
        if (sample.diagnosis) log(`  incorrect responses: ${sample.diagnosis}`);
      }
    }
    return buildReport(targets, samples);
  } finally {
    await Promise.all([...servers.values()].map((server) => server.stop()));
  }
}

function selectTargets(only: string[]): BenchTarget[] {
  if (only.length === 0) return [...TARGETS];
  const unknown = only.filter((id) => !TARGETS.some((target) => target.id === id));
  if (unknown.length) throw new Error(`unknown target(s): ${unknown.join(', ')}; known: ${TARGETS.map((t) => t.id).join(', ')}`);
  return TARGETS.filter((target) => only.includes(target.id));
}
