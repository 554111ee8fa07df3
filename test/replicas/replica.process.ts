/**
 * One Kadu replica as its own operating-system process, started the way an
 * operator starts it (`src/main.ts` through ts-node, or the built
 * `dist/src/main.js` with plain node), on a loopback port.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../support/free-port';

const ROOT = resolve(__dirname, '../..');
/** Startup compiles the application on the fly; on a loaded two-core CI machine that takes a while. */
const READY_TIMEOUT_MS = 120_000;
/** Output kept per replica, to explain a failure without flooding the log. */
const LOG_TAIL_BYTES = 16_384;

/** A running replica. */
export interface Replica {
  name: string;
  /** Its process's id. */
  readonly pid: number;
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** The last lines it printed. */
  log(): string;
  /** Sends `signal` to this replica's process only, and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops the process (SIGSTOP) without killing it, or resumes it (SIGCONT). */
  pause(paused: boolean): void;
  readonly exited: boolean;
  /** The exit code once exited (`null` when ended by a signal). */
  readonly exitCode: number | null;
}

/**
 * Starts a host's `main` (Kadu's `src/main.ts` unless `entry` names another;
 * a `.js` entry, the build's, runs on plain node as `npm run start:prod` does)
 * with `env` over the current environment, and waits until it answers HTTP;
 * on `port` when given (a replica restarted where a proxy expects it), else
 * on a free one.
 */
export async function startReplica(name: string, env: Record<string, string>, port?: number, entry = 'src/main.ts'): Promise<Replica> {
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = entry.endsWith('.js') ? [entry] : ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, KADU_DEMO: 'false', BILLING_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-LOG_TAIL_BYTES));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  let exitCode: number | null = null;
  const exit = new Promise<void>((done) => child.once('exit', (code) => ((exited = true), (exitCode = code), done())));
  const replica: Replica = {
    name,
    pid: child.pid!,
    baseUrl,
    log: () => tail,
    kill: async (signal) => {
      if (!exited) child.kill(signal);
      await exit;
    },
    pause: (paused) => {
      if (!exited) child.kill(paused ? 'SIGSTOP' : 'SIGCONT');
    },
    get exited() {
      return exited;
    },
    get exitCode() {
      return exitCode;
    },
  };
  try {
    await waitUntilAnswering(replica);
  } catch (error) {
    await replica.kill('SIGKILL');
    throw new Error(`${name} did not start: ${(error as Error).message}\n${tail}`, { cause: error });
  }
  return replica;
}

/** Polls an authenticated route until it answers (401 without a token): the application is listening and wired (every host serves it). */
async function waitUntilAnswering(replica: Replica): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (replica.exited) throw new Error('the process exited');
    try {
      const res = await fetch(`${replica.baseUrl}/api/v1/audit_events`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no answer within ${READY_TIMEOUT_MS} ms`);
}
