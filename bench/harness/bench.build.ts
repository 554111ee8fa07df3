import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, BUILD_DIR, ROOT_DIR } from './bench.paths';

const BUILD_TIMEOUT_MS = 180_000;

/**
 * Compiles the TypeScript hosts (and the module and Kadu they import) to
 * plain JavaScript before anything is measured: a host running under ts-node
 * would carry the TypeScript compiler in its RSS and its start-up, which the
 * peers (plain JavaScript) do not. Type errors are `npm test`'s job; they are
 * printed, not fatal, because the emitted JavaScript still runs.
 */
export function buildHosts(log: (line: string) => void): void {
  const tsc = join(ROOT_DIR, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(BENCH_DIR, 'tsconfig.servers.json')], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
    timeout: BUILD_TIMEOUT_MS,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) log(`tsc reported errors (the emitted JavaScript is used anyway):\n${result.stdout}`);
  // Plain JavaScript shared with the peers: tsc does not copy it.
  copyFileSync(join(BENCH_DIR, 'servers', 'server.ipc.js'), join(BUILD_DIR, 'bench', 'servers', 'server.ipc.js'));
}
