import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { BUILD_DIR, BENCH_DIR, ROOT_DIR } from './bench.paths';
import { pinProcess } from './bench.machine';

/** One server process the harness can start. */
export interface ServerSpec {
  id: string;
  /** Path from bench/. */
  entry: string;
  env?: Record<string, string>;
}

/** Everything the harness serves, each in its own process. */
export const SERVERS: Readonly<Record<string, ServerSpec>> = Object.freeze({
  'rest-echo': { id: 'rest-echo', entry: 'servers/rest-echo.server.ts' },
  'rest-echo-plain': { id: 'rest-echo-plain', entry: 'servers/rest-echo.server.ts', env: { BENCH_REST_AUTH: 'plain' } },
  'rest-fastify': { id: 'rest-fastify', entry: 'servers/rest-echo.server.ts', env: { BENCH_HTTP_ADAPTER: 'fastify' } },
  'module-echo': { id: 'module-echo', entry: 'servers/module-echo.server.ts' },
  // The same host for the confirmation and refusal rows: the echo's process then serves its two eras
  // and nothing else, as each peer's does, and its peak RSS is not that of every other row's load.
  'module-paths': { id: 'module-paths', entry: 'servers/module-echo.server.ts', env: { BENCH_CONFIRMATIONS: '1' } },
  // The echo with an OpenTelemetry SDK recording every span and metric (exported nowhere): tracing on against `module-echo`.
  'module-traced': { id: 'module-traced', entry: 'servers/module-echo.server.ts', env: { BENCH_TRACING: '1' } },
  // The same echo on @nestjs/platform-fastify: the module's Fastify transport against its Express one.
  'module-fastify': { id: 'module-fastify', entry: 'servers/module-echo.server.ts', env: { BENCH_HTTP_ADAPTER: 'fastify' } },
  'module-10': { id: 'module-10', entry: 'servers/module-echo.server.ts', env: { BENCH_EXTRA_TOOLS: '8' } },
  'module-200': { id: 'module-200', entry: 'servers/module-echo.server.ts', env: { BENCH_EXTRA_TOOLS: '198' } },
  // The same generated tools declared with Zod schemas (Standard Schema) instead of classes.
  'module-10-zod': { id: 'module-10-zod', entry: 'servers/module-echo.server.ts', env: { BENCH_EXTRA_TOOLS: '8', BENCH_GENERATED_SCHEMAS: 'zod' } },
  'module-200-zod': { id: 'module-200-zod', entry: 'servers/module-echo.server.ts', env: { BENCH_EXTRA_TOOLS: '198', BENCH_GENERATED_SCHEMAS: 'zod' } },
  'module-limited': { id: 'module-limited', entry: 'servers/module-echo.server.ts', env: { BENCH_RATE_LIMITED: '1' } },
  // Both budget rows in one process (reads at 600 a minute, writes at 60,000), on the module's store and on
  // @nestjs/throttler's exact log (the store used before): the before/after in one run.
  'module-budgets': { id: 'module-budgets', entry: 'servers/module-echo.server.ts', env: { BENCH_BUDGETS: '1' } },
  'throttler-budgets': { id: 'throttler-budgets', entry: 'servers/module-echo.server.ts', env: { BENCH_BUDGETS: '1', BENCH_THROTTLER_STORE: '1' } },
  kadu: { id: 'kadu', entry: 'servers/kadu.server.ts' },
  // The root's @nestjs/core loads @nestjs/microservices by name; it lives in bench/node_modules.
  rekog: { id: 'rekog', entry: 'peers/rekog.server.js', env: { NODE_PATH: join(BENCH_DIR, 'node_modules') } },
  sdk2: { id: 'sdk2', entry: 'peers/sdk2.server.js' },
  'sdk1-per-request': { id: 'sdk1-per-request', entry: 'peers/sdk1.server.js', env: { BENCH_SDK1_MODE: 'per-request' } },
  'sdk1-shared': { id: 'sdk1-shared', entry: 'peers/sdk1.server.js', env: { BENCH_SDK1_MODE: 'shared' } },
});

/** One sample of a server process. */
export interface ServerUsage {
  /** Resident set size, in bytes. */
  rss: number;
  /** User and system CPU time since the process started, in microseconds. */
  cpuMicros: number;
}

/** A started server. */
export interface RunningServer {
  spec: ServerSpec;
  baseUrl: string;
  /** What the server reported beside its port (tokens, a session id). */
  info: Record<string, string>;
  child: ChildProcess;
  /** The server process's resident set size and the CPU time it has used so far. */
  usage(): Promise<ServerUsage>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const USAGE_TIMEOUT_MS = 2_000;

/** Options of {@link startServer}. */
export interface StartOptions {
  /** Directory for `node --cpu-prof` output; no profiling when absent. */
  cpuProfileDir?: string;
  /** The core the server runs on (see `planCpus`); any when absent. */
  cpu?: number;
}

/** Forks the server and waits for its port (and, for a server that opens a session on itself, that too). */
export function startServer(spec: ServerSpec, options: StartOptions = {}): Promise<RunningServer> {
  const typescript = spec.entry.endsWith('.ts');
  const execArgv = [
    // Compiled hosts resolve `@kobana/mcp` through the root's paths, rebased onto the build (see bench.build.ts).
    ...(typescript ? ['-r', 'tsconfig-paths/register'] : []),
    ...(options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : []),
  ];
  const entry = typescript ? join(BUILD_DIR, 'bench', spec.entry.replace(/\.ts$/, '.js')) : join(BENCH_DIR, spec.entry);
  const child = fork(entry, [], {
    cwd: ROOT_DIR,
    execArgv,
    env: { ...process.env, ...spec.env, TS_NODE_PROJECT: join(ROOT_DIR, 'tsconfig.json'), TS_NODE_BASEURL: BUILD_DIR, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (options.cpu !== undefined && child.pid !== undefined) pinProcess(child.pid, options.cpu);
  return new Promise<RunningServer>((resolve, reject) => {
    let info: Record<string, string> = {};
    let port = 0;
    const timer = setTimeout(() => fail(new Error(`${spec.id} did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.kill('SIGKILL');
      reject(error);
    };
    const onExit = (code: number | null) => fail(new Error(`${spec.id} exited with ${code} before it was ready`));
    const onMessage = (message: { type: string; port?: number; info?: Record<string, string>; message?: string }) => {
      if (message.type === 'failed') return fail(new Error(`${spec.id} failed to start: ${message.message}`));
      if (message.type === 'ready') {
        port = message.port!;
        info = { ...message.info };
      }
      if (message.type === 'info') {
        // A server that opens a session on itself says `pending` when ready, then sends the session.
        info = { ...info, ...message.info };
        delete info.pending;
      }
      if (port === 0 || info.pending) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(running(spec, child, `http://127.0.0.1:${port}`, info));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function running(spec: ServerSpec, child: ChildProcess, baseUrl: string, info: Record<string, string>): RunningServer {
  return {
    spec,
    baseUrl,
    info,
    child,
    usage: () =>
      new Promise<ServerUsage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${spec.id} did not answer a usage sample`)), USAGE_TIMEOUT_MS);
        const onMessage = (message: { type: string } & Partial<ServerUsage>) => {
          if (message.type !== 'usage') return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve({ rss: message.rss!, cpuMicros: message.cpuMicros! });
        };
        child.on('message', onMessage);
        child.send({ type: 'usage' });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send({ type: 'stop' });
      }),
  };
}
