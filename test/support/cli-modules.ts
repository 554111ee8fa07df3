import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..');

/** What a full start loads and `help` has no use for: Nest, the database drivers, the OAuth server, telemetry, validation. */
export const HEAVY_PACKAGES = /node_modules\/(@nestjs|kysely|better-sqlite3|pg|oidc-provider|ioredis|@opentelemetry|class-validator)\//;

/** Files of `loaded` that a host CLI's `help` must not load: {@link HEAVY_PACKAGES}, a Nest module, a host's descriptor, the platform's main door. */
export function heavyModules(loaded: string[]): string[] {
  return loaded.filter(
    (file) =>
      HEAVY_PACKAGES.test(file) ||
      file.endsWith('.module.ts') ||
      (file.endsWith('.host.ts') && !file.endsWith('-cli.host.ts')) ||
      file.endsWith('/libs/platform/src/index.ts'),
  );
}

/**
 * Files of `loaded` under `appDir` (a host's own folder) that a CLI command has
 * no use for: the host's descriptor, and every Nest module, controller,
 * service, store, tool and worker of the host (its API, MCP endpoint and workers).
 */
export function hostFeatureFiles(loaded: string[], appDir: string): string[] {
  const dir = `${resolve(ROOT, appDir)}/`;
  return loaded.filter(
    (file) =>
      file.startsWith(dir) &&
      ((file.endsWith('.host.ts') && !file.endsWith('-cli.host.ts') && !file.endsWith('-core.host.ts')) ||
        /\.(module|controller|service|store|tool|tools|worker)\.ts$/.test(file)),
  );
}

/**
 * The modules a host's `cli.ts` loaded when it exited after `argv`: the
 * process records `require.cache` on exit, so this is what it really
 * required, not what the source seems to import. The list goes to a file:
 * written to a pipe at exit, a list of a full start (over 100 kB) can be
 * cut short by a partial write. `env` is added to the process's environment
 * (a `DATABASE_URL`, for a command that opens the database).
 */
export async function modulesLoadedBy(cli: string, argv: string[], env: Record<string, string> = {}): Promise<{ code: number; loaded: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-modules-'));
  const list = join(dir, 'loaded.json');
  const script =
    `process.argv = [process.argv[0], ${JSON.stringify(cli)}, ...${JSON.stringify(argv)}];` +
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))));` +
    `require(${JSON.stringify(resolve(ROOT, cli))});`;
  const child = run(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    timeout: 120_000,
  }).then(
    (done) => ({ code: 0, stderr: done.stderr }),
    (failed: { code?: number; stderr?: string }) => ({ code: failed.code ?? -1, stderr: failed.stderr ?? '' }),
  );
  const { code, stderr } = await child;
  try {
    const text = await readFile(list, 'utf8').catch(() => {
      throw new Error(`no module list: ${stderr.slice(0, 500)}`);
    });
    return { code, loaded: JSON.parse(text) as string[] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
