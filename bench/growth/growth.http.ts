/**
 * The growth benchmark's HTTP rows: the same operations as its in-process
 * rows, asked as an MCP client asks them (era 2026-07-28, over loopback) of
 * the real Kadu serving the seeded database (growth.server.ts, compiled as
 * the harness compiles every host, so no TypeScript compiler runs in it), as
 * an operator measures a deployment.
 */
import { buildHosts } from '../harness/bench.build';
import { mcpRequest, parseRpcBody } from '../harness/bench.requests';
import { RunningServer, startServer } from '../harness/bench.servers';

/** A running Kadu and the tool calls the rows make of it. */
export interface GrowthServer {
  /** The host's start-up, ms: `createHostApp` and `init` (growth.server.ts). */
  startMs: number;
  /** Calls `name` with `args` once, with the next token; throws when the answer is not a result without `isError`. */
  callTool(name: string, args: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

let built = false;

/** Compiles the hosts once per run, then starts growth.server.ts on `databaseUrl` and waits until it listens. */
export async function startGrowthServer(databaseUrl: string): Promise<GrowthServer> {
  if (!built) {
    buildHosts((line) => process.stderr.write(`${line}\n`));
    built = true;
  }
  const server = await startServer({ id: 'growth', entry: 'growth/growth.server.ts', env: { DATABASE_URL: databaseUrl } });
  return client(server, server.info.tokens.split(' '), Number(server.info.startMs));
}

function client(server: RunningServer, tokens: string[], startMs: number): GrowthServer {
  let next = 0;
  return {
    startMs,
    async callTool(name, args) {
      const request = mcpRequest('2026', 'tools/call', { name, arguments: args }, { token: tokens[next++ % tokens.length] });
      const response = await fetch(`${server.baseUrl}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      const answer = parseRpcBody(await response.text());
      if (response.status !== 200 || !answer?.result || answer.result.isError) {
        throw new Error(`${name} answered ${response.status}: ${JSON.stringify(answer ?? {}).slice(0, 300)}`);
      }
    },
    stop: () => server.stop(),
  };
}
