/**
 * The growth benchmark's HTTP rows: the same operations as its in-process
 * rows, asked as an MCP client asks them (era 2026-07-28, over loopback) of
 * the real Kadu serving the seeded database (growth.server.ts), as an
 * operator measures a deployment.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { mcpRequest, parseRpcBody } from '../harness/bench.requests';

/** OAuth clients the HTTP rows rotate over (growth.server.ts makes one token each). */
export const GROWTH_CLIENTS = 16;
/** The seeded demo organization's slug and id (growth.measure.ts). */
export const GROWTH_ORGANIZATION = 'org-0';
/** Prefix of those clients' ids: their own audit events are deleted before each row, so the trail stays the seeded one. */
export const GROWTH_CLIENT_PREFIX = 'growth-http-';

/** Kadu from source takes a while to compile and migrate on a busy machine. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

/** A running Kadu and the tool calls the rows make of it. */
export interface GrowthServer {
  /** Calls `name` with `args` once, with the next token; throws when the answer is not a result without `isError`. */
  callTool(name: string, args: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

/** Forks growth.server.ts on `databaseUrl` and waits until it listens. */
export function startGrowthServer(databaseUrl: string): Promise<GrowthServer> {
  const child = fork(join(__dirname, 'growth.server.ts'), [], {
    cwd: join(__dirname, '..', '..'),
    execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<GrowthServer>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`Kadu did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`Kadu exited with ${code} before it listened`)));
    child.on('message', (message: { type: string; port?: number; info?: { tokens: string }; message?: string }) => {
      if (message.type === 'failed') return fail(new Error(`Kadu failed to start: ${message.message}`));
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(client(child, `http://127.0.0.1:${message.port}`, message.info!.tokens.split(' ')));
    });
  });
}

function client(child: ReturnType<typeof fork>, baseUrl: string, tokens: string[]): GrowthServer {
  let next = 0;
  return {
    async callTool(name, args) {
      const request = mcpRequest('2026', 'tools/call', { name, arguments: args }, { token: tokens[next++ % tokens.length] });
      const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      const answer = parseRpcBody(await response.text());
      if (response.status !== 200 || !answer?.result || answer.result.isError) {
        throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer ?? {}).slice(0, 300)}`);
      }
    },
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
