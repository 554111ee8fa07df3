import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildHosts } from './bench.build';
import type { BenchConfig } from './bench.config';
import { prepareTarget, runLoad } from './bench.load';
import { BUILD_DIR, ROOT_DIR } from './bench.paths';
import { SERVERS, startServer } from './bench.servers';
import { TARGETS } from './bench.targets';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const TOP = 40;

/** Profiled when `--only` names none: the module's echo in both eras. */
const DEFAULT_PROFILED = ['module-echo-2026', 'module-echo-2025'];

/**
 * Runs targets (`--only`, all served by one server; the module's echo in both
 * eras by default) under load in a server started with `node --cpu-prof`, and
 * prints where its CPU time went: self time by function and by package.
 */
export async function profileModule(config: BenchConfig, log: (line: string) => void): Promise<string> {
  const ids = config.only.length > 0 ? config.only : DEFAULT_PROFILED;
  const targets = ids.map((id) => {
    const target = TARGETS.find((candidate) => candidate.id === id);
    if (!target) throw new Error(`unknown target "${id}"`);
    return target;
  });
  const servers = new Set(targets.map((target) => target.server));
  if (servers.size !== 1) throw new Error(`--profile takes targets of one server; got ${[...servers].join(', ')}`);
  buildHosts(log);
  const dir = mkdtempSync(join(tmpdir(), 'mcp-cpu-prof-'));
  const server = await startServer(SERVERS[targets[0].server], { cpuProfileDir: dir });
  try {
    for (const target of targets) {
      const prepared = await prepareTarget(target, server);
      const sample = await runLoad(prepared, config, config.durationSec);
      log(`${target.id}: ${Math.round(sample.requestsPerSec)} req/s under the profiler`);
    }
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile was written in ${dir}`);
  return `${summarize(JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[] })}\n\nprofile: ${join(dir, file)}`;
}

/** Self time per function and per package, as shares of the samples taken. */
export function summarize(profile: { nodes: ProfileNode[] }): string {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.startsWith('file://') ? sourcePath(url.slice(7)) : url || '(native)';
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    byPackage.set(packageOf(where, functionName), (byPackage.get(packageOf(where, functionName)) ?? 0) + hits);
  }
  const share = (hits: number) => `${((100 * hits) / total).toFixed(1).padStart(5)} %`;
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, hits]) => `${share(hits)}  ${name}`);
  return ['self time by package:', ...top(byPackage, 20), '', `self time by function (top ${TOP}):`, ...top(byFunction, TOP)].join('\n');
}

/** A file's path from the root; a compiled host's file by its source's path (libs/mcp/src/…). */
function sourcePath(file: string): string {
  const built = relative(BUILD_DIR, file);
  return built.startsWith('..') ? relative(ROOT_DIR, file) : built;
}

function packageOf(where: string, functionName: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (inModules) return inModules[1];
  if (where.includes('libs/mcp/')) return '@kobana/mcp';
  if (where.startsWith('node:')) return 'node core';
  if (where === '(native)') return functionName.startsWith('(') ? functionName : 'native';
  return where.split('/').slice(0, 3).join('/');
}
