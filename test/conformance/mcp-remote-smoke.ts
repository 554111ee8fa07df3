/**
 * Smoke run of mcp-remote, the stdio-to-HTTP bridge many desktop clients start
 * to reach a remote MCP server, against the real Kadu host, in the form its
 * README gives for a bearer token: `mcp-remote <url> --header
 * "Authorization:${AUTH}"` with `AUTH="Bearer …"` in the environment (no space
 * in the argument, since some clients split arguments at spaces; mcp-remote
 * expands the placeholder itself). The version is the one
 * test/conformance/suite/package.json pins, run from that install with the
 * suite's Node 22, so nothing is fetched. No `--allow-http`: mcp-remote takes
 * plain HTTP to localhost and 127.0.0.1 without it.
 *
 * The smoke speaks to the bridge as a desktop client does, one JSON-RPC
 * message a line on its stdin and stdout: `initialize` (2025-06-18),
 * `notifications/initialized`, tools/list, tools/call kadu_organization_get and
 * a refused tools/call kadu_tasks_get (the route's 404 with `isError`), each
 * compared with what Kadu's endpoint answers directly; then a wrong bearer
 * token, which must get no tool list.
 *
 *   npm ci --prefix test/conformance/suite     # once
 *   npx ts-node --transpile-only -r tsconfig-paths/register test/conformance/mcp-remote-smoke.ts
 *
 * Kadu runs in this process (test/support/kadu-app.ts: temporary SQLite
 * database, 127.0.0.1, a free port); the token is minted with its IdentityService.
 * Every wait is bounded; a failed check prints the bridge's stderr.
 * Exit code 0 when every check passed, 1 otherwise.
 */
import { deepStrictEqual, ok, rejects, strictEqual } from 'node:assert/strict';
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { KaduTestApp, startKadu } from '../support/kadu-app';

const SUITE_DIR = join(__dirname, 'suite');
const NODE22 = join(SUITE_DIR, 'node_modules/node/bin/node');
const PROXY = join(SUITE_DIR, 'node_modules/mcp-remote/dist/proxy.js');
/** `mcp-remote@<version>`, as the suite pins it. */
const MCP_REMOTE_SPEC = `mcp-remote@${
  (JSON.parse(readFileSync(join(SUITE_DIR, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['mcp-remote']
}`;
/** The header argument as the README writes it; mcp-remote, not a shell, replaces `${AUTH}`. */
const AUTH_HEADER_ARG = 'Authorization:${AUTH}';
const PROTOCOL_VERSION = '2025-06-18';
const MISSING_TASK = '00000000-0000-4000-8000-000000000000';
/** One request through the bridge never takes longer (the first one waits for the bridge to connect). */
const REQUEST_TIMEOUT_MS = 30_000;
/** How long a bridge waiting for a sign-in is watched for an answer it must not give. */
const SILENCE_MS = 3_000;
/** No bridge lives longer, whatever happens (killed with SIGKILL). */
const BRIDGE_LIFETIME_MS = 120_000;
/** A bridge asked to stop gets this long at each step (stdin closed, SIGTERM) before the next. */
const STOP_GRACE_MS = 5_000;

interface JsonRpcResponse {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** `initialize` as a desktop client sends it. */
const INITIALIZE = { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'mcp-remote-smoke', version: '1.0.0' } };

/** `promise`, or `message` as an error once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise, delay(ms, undefined, { signal: timer.signal }).then(() => Promise.reject(new Error(message)))]);
  } finally {
    timer.abort();
  }
}

/** mcp-remote started as a desktop client starts it: JSON-RPC one message a line on its stdin and stdout. */
class McpRemote {
  stderr = '';
  /** Every line read on stdout, parsed when it is JSON (a line that is not would break a client). */
  readonly received: unknown[] = [];
  /** `exit code <n>` or `signal <name>`, once the process has ended. */
  readonly ended: Promise<string>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (response: JsonRpcResponse) => void>();
  private stdout = '';
  private nextId = 1;

  constructor(url: string, authorization: string, home: string) {
    // The environment a desktop client gives a server it starts, and little else: HOME in a temporary
    // folder (mcp-remote keeps its state under ~/.mcp-auth), no display, and BROWSER=true so that a
    // sign-in page it opens goes nowhere (xdg-open runs $BROWSER when it finds no desktop).
    const env = { PATH: process.env.PATH ?? '', HOME: home, AUTH: authorization, BROWSER: 'true' };
    const argv = [PROXY, url, '--header', AUTH_HEADER_ARG];
    this.child = spawn(NODE22, argv, { cwd: SUITE_DIR, env, stdio: 'pipe', timeout: BRIDGE_LIFETIME_MS, killSignal: 'SIGKILL' });
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk.toString()));
    this.ended = new Promise((resolve) => {
      this.child.once('error', (error) => resolve(`spawn error ${error.message}`));
      this.child.once('close', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends a request and waits for its response, the process's end or the timeout, whichever comes first. */
  async request(method: string, params: Record<string, unknown> = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<JsonRpcResponse> {
    const id = this.nextId++;
    const response = new Promise<JsonRpcResponse>((resolve) => this.waiting.set(id, resolve));
    const ended = this.ended.then((end) => Promise.reject(new Error(`mcp-remote ended (${end}) before answering ${method}`)));
    this.send({ jsonrpc: '2.0', id, method, params });
    try {
      return await within(Promise.race([response, ended]), timeoutMs, `no answer to ${method} within ${timeoutMs} ms`);
    } finally {
      this.waiting.delete(id);
    }
  }

  notify(method: string): void {
    this.send({ jsonrpc: '2.0', method });
  }

  /** Waits until stderr matches `pattern`; fails when the process ends first or after REQUEST_TIMEOUT_MS. */
  async waitForStderr(pattern: RegExp): Promise<void> {
    const deadline = Date.now() + REQUEST_TIMEOUT_MS;
    while (!pattern.test(this.stderr)) {
      if (!this.running) throw new Error(`mcp-remote ended (${await this.ended}) before printing ${pattern}`);
      if (Date.now() > deadline) throw new Error(`mcp-remote printed no ${pattern} within ${REQUEST_TIMEOUT_MS} ms`);
      await delay(100);
    }
  }

  /**
   * Stops the bridge as a client that quits does: closes its stdin, then SIGTERM, then SIGKILL,
   * each after a grace period. Says which one ended it.
   */
  async stop(): Promise<string> {
    for (const step of ['stdin closed', 'SIGTERM', 'SIGKILL'] as const) {
      if (!this.running) break;
      if (step === 'stdin closed') this.child.stdin.end();
      else this.child.kill(step);
      const end = await within(this.ended, STOP_GRACE_MS, 'still running').catch(() => undefined);
      if (end) return `${end} after ${step}`;
    }
    return `${await this.ended} before it was asked to stop`;
  }

  private send(message: Record<string, unknown>): void {
    if (this.child.stdin.writable) this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private read(chunk: string): void {
    this.stdout += chunk;
    const lines = this.stdout.split('\n');
    this.stdout = lines.pop() ?? '';
    for (const line of lines.filter((text) => text.trim() !== '')) {
      let message: Partial<JsonRpcResponse> & { method?: string };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        this.received.push(line);
        continue;
      }
      this.received.push(message);
      // Notifications and requests from the server (none is answered here) are kept, not dispatched.
      if (typeof message.id === 'number' && !message.method) this.waiting.get(message.id)?.(message as JsonRpcResponse);
    }
  }
}

/** A JSON document Kadu serves. */
async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  strictEqual(response.status, 200, url);
  return (await response.json()) as Record<string, unknown>;
}

/** What Kadu's endpoint answers to this token, asked directly (era 2025: no handshake needed, the server is stateless). */
async function kaduAnswers(kadu: KaduTestApp, token: string, method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(kadu.mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  strictEqual(response.status, 200);
  const body = (await response.json()) as JsonRpcResponse;
  ok(body.result, JSON.stringify(body));
  return body.result;
}

/** The result of a response that must not be an error. */
function resultOf(response: JsonRpcResponse): Record<string, unknown> {
  ok(response.result && !response.error, JSON.stringify(response));
  return response.result;
}

const toolNames = (result: Record<string, unknown>) => (result.tools as { name: string }[]).map((tool) => tool.name);

async function main(): Promise<number> {
  for (const file of [NODE22, PROXY]) {
    if (!existsSync(file)) throw new Error(`Missing ${file}. Run: npm ci --prefix test/conformance/suite`);
  }
  const home = mkdtempSync(join(tmpdir(), 'mcp-remote-home-'));
  const kadu = await startKadu();
  const bridges: McpRemote[] = [];
  const failures: string[] = [];
  const check = async (name: string, bridge: McpRemote | undefined, body: () => Promise<void>) => {
    try {
      await body();
      process.stdout.write(`  ✓ ${name}\n`);
    } catch (error) {
      failures.push(name);
      process.stdout.write(`  ✗ ${name}\n${error instanceof Error ? error.message : String(error)}\n`);
      if (bridge) process.stdout.write(`mcp-remote's stderr:\n${bridge.stderr.trim() || '(empty)'}\n`);
    }
  };
  const start = (authorization: string) => {
    const bridge = new McpRemote(kadu.mcpUrl, authorization, home);
    bridges.push(bridge);
    return bridge;
  };
  try {
    const token = await kadu.token('smoke-org', 'viewer', { scopes: ['kadu:read'] });
    const listed = await kaduAnswers(kadu, token, 'tools/list');
    process.stdout.write(`${MCP_REMOTE_SPEC} (stdio) against Kadu at ${kadu.mcpUrl}\n`);

    const bridge = start(`Bearer ${token}`);
    await check(`initialize (${PROTOCOL_VERSION}) is answered by Kadu through the bridge`, bridge, async () => {
      const answer = resultOf(await bridge.request('initialize', INITIALIZE));
      strictEqual(answer.protocolVersion, PROTOCOL_VERSION);
      deepStrictEqual(answer, await kaduAnswers(kadu, token, 'initialize', INITIALIZE));
      bridge.notify('notifications/initialized');
    });
    await check(`tools/list shows exactly the tools Kadu lists to this token (${toolNames(listed).length})`, bridge, async () => {
      const answer = resultOf(await bridge.request('tools/list'));
      ok(toolNames(listed).includes('kadu_organization_get'));
      deepStrictEqual(toolNames(answer), toolNames(listed));
      deepStrictEqual(answer.tools, listed.tools);
    });
    await check('tools/call kadu_organization_get answers what Kadu answers', bridge, async () => {
      const params = { name: 'kadu_organization_get', arguments: {} };
      const answer = resultOf(await bridge.request('tools/call', params));
      strictEqual(answer.isError, undefined);
      ok(answer.structuredContent, JSON.stringify(answer));
      deepStrictEqual(answer, await kaduAnswers(kadu, token, 'tools/call', params));
    });
    await check("a refused call (kadu_tasks_get of a missing task) is the route's 404 with isError, not a client failure", bridge, async () => {
      const params = { name: 'kadu_tasks_get', arguments: { id: MISSING_TASK } };
      const answer = resultOf(await bridge.request('tools/call', params));
      strictEqual(answer.isError, true);
      ok(!('structuredContent' in answer), JSON.stringify(answer));
      deepStrictEqual(answer.content, [{ type: 'text', text: JSON.stringify({ message: 'Task not found', error: 'Not Found', statusCode: 404 }) }]);
      deepStrictEqual(answer, await kaduAnswers(kadu, token, 'tools/call', params));
    });
    await check('stdout carried the four answers and nothing else; the bridge ends when its stdin closes', bridge, async () => {
      deepStrictEqual(
        bridge.received.map((message) => (message as JsonRpcResponse).id),
        [1, 2, 3, 4],
      );
      strictEqual(await bridge.stop(), 'exit code 0 after stdin closed');
    });

    const refused = start('Bearer kadu_mcp_wrong');
    await check("a wrong bearer token gets no tool list: the bridge turns to a browser sign-in at Kadu's authorization server", refused, async () => {
      // Kadu's 401 names its resource metadata; mcp-remote registers a client, opens the sign-in page and waits for the callback.
      await refused.waitForStderr(/Waiting for authorization/);
      ok(!/Trying \S+ to open the browser/.test(refused.stderr), 'the page went to a browser helper instead of $BROWSER');
      const signIn = /^(http\S*\/authorize\?\S+)$/m.exec(refused.stderr);
      ok(signIn, 'no sign-in address printed');
      const page = new URL(signIn[1]);
      const metadata = await getJson(`${kadu.baseUrl}/.well-known/oauth-authorization-server`);
      strictEqual(`${page.origin}${page.pathname}`, metadata.authorization_endpoint);
      strictEqual(page.searchParams.get('resource'), kadu.mcpUrl);
      // It waits for that sign-in (no deadline of its own) and answers nothing meanwhile: no tool list, no error either.
      await rejects(refused.request('initialize', INITIALIZE, SILENCE_MS), /no answer to initialize/);
      await rejects(refused.request('tools/list', {}, SILENCE_MS), /no answer to tools\/list/);
      deepStrictEqual(refused.received, []);
      strictEqual(refused.running, true);
    });
  } finally {
    await Promise.all(bridges.map((bridge) => bridge.stop()));
    await kadu.close();
    rmSync(home, { recursive: true, force: true });
  }
  process.stdout.write(failures.length === 0 ? 'mcp-remote smoke: all checks passed\n' : `mcp-remote smoke: ${failures.length} failed\n`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`mcp-remote smoke could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
