/**
 * Kadu exports its traces and metrics over OTLP/HTTP when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Started the way an operator starts it
 * (`src/main.ts`, in a child process: the SDK must patch http and Express
 * before Nest loads them), with an in-test receiver, in production mode so
 * the structured logs are checked on the same run.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IdentityService } from '@kobana/identity';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { freePort } from '../support/free-port';
import { OtlpReceiver, OtlpSpan, attributesOf, startOtlpReceiver } from './otlp.receiver';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../../src/kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../..');
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;
const OTHER_TRACE_ID = 'a'.repeat(32);
const VERSION = '2026-07-28';
const TOOL = 'kadu_organization_get';
/** OTLP's `SPAN_KIND_SERVER`. */
const SPAN_KIND_SERVER = 2;

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('OpenTelemetry export and structured logs (Kadu, NODE_ENV=production)', () => {
  let receiver: OtlpReceiver;
  let child: ChildProcess;
  let output = '';
  let dir: string;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dir = mkdtempSync(join(tmpdir(), 'kadu-otel-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: '',
        LOG_FORMAT: '',
        KADU_SIGNING_SECRET: 's'.repeat(44),
        KADU_ENCRYPTION_KEY: 'e'.repeat(44),
        KADU_DEMO: 'true',
        DATABASE_URL: `sqlite:${join(dir, 'kadu.sqlite')}`,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_METRIC_EXPORT_INTERVAL: '500',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitFor('the banner', () => (/Kadu is running/.test(output) ? true : undefined), 150_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });
    // In production the demo prints no token: one is minted the way an operator's CLI does, in the same database.
    const opened = await openKaduDatabase(`sqlite:${join(dir, 'kadu.sqlite')}`);
    try {
      token = (await new IdentityService(opened.db, KADU_IDENTITY_OPTIONS).createToken({ organization: 'demo', role: 'owner', audience: 'mcp' })).token;
    } finally {
      await opened.db.destroy();
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A span and its parents up the trace, as received. */
  function ancestorsOf(span: OtlpSpan): OtlpSpan[] {
    const chain = [span];
    for (let at = span; at.parentSpanId;) {
      const parent = receiver.spans().find((s) => s.spanId === at.parentSpanId);
      if (!parent) break;
      chain.push(parent);
      at = parent;
    }
    return chain;
  }

  function callTool(extraHeaders: Record<string, string> = {}, meta: Record<string, unknown> = {}): Promise<Response> {
    const body = {
      jsonrpc: '2.0',
      id: 'call-1',
      method: 'tools/call',
      params: {
        name: TOOL,
        arguments: {},
        _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {}, ...meta },
      },
    };
    return fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'MCP-Protocol-Version': VERSION,
        'Mcp-Method': 'tools/call',
        'Mcp-Name': TOOL,
        ...extraHeaders,
      },
      body: JSON.stringify(body),
    });
  }

  it('start-up prints the banner and warnings only: no route mapping, no Nest narration', () => {
    const beforeBanner = output.slice(0, output.indexOf('Kadu is running'));
    // What may come first: warnings, as JSON lines at pino's warn level (40) or above, and the one
    // line oidc-provider writes itself when it loads on a Node release older than the one it targets.
    const notWarnings = beforeBanner
      .split('\n')
      .filter((line) => line.trim() !== '')
      .filter((line) => !/^oidc-provider WARNING: Unsupported runtime/.test(line))
      .filter((line) => !(line.startsWith('{') && (JSON.parse(line) as { level?: number }).level! >= 40));
    expect(notWarnings).toEqual([]);
    expect(output).not.toMatch(/RouterExplorer|RoutesResolver|InstanceLoader|Mapped \{/);
  });

  it('a tools/call with params._meta.traceparent: a server span of the MCP conventions, child of the sent span, over the HTTP server span', async () => {
    // The same context in the header: the HTTP server span joins the trace too, and the MCP span links to it.
    const res = await callTool({ traceparent: TRACEPARENT }, { traceparent: TRACEPARENT, tracestate: 'rojo=00f067aa0ba902b7' });
    expect(res.status).toBe(200);
    const span = await waitFor('the MCP span', () => receiver.spans().find((s) => s.scope === '@kobana/mcp' && s.traceId === TRACE_ID));
    expect(span.name).toBe(`tools/call ${TOOL}`);
    expect(span.kind).toBe(SPAN_KIND_SERVER);
    expect(span.parentSpanId).toBe(CLIENT_SPAN_ID);
    expect(attributesOf(span)).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': TOOL,
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': 'call-1',
      'mcp.protocol.version': VERSION,
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
    });
    const http = await waitFor('the HTTP server span', () =>
      receiver.spans().find((s) => s.traceId === TRACE_ID && s.scope === '@opentelemetry/instrumentation-http' && s.kind === SPAN_KIND_SERVER),
    );
    expect(http.parentSpanId).toBe(CLIENT_SPAN_ID);
    // The link: the span active in Express when the controller ran, which descends from the HTTP server span.
    expect(span.links).toEqual([expect.objectContaining({ traceId: TRACE_ID })]);
    const linked = receiver.spans().find((s) => s.spanId === span.links![0].spanId)!;
    expect(['@opentelemetry/instrumentation-express', '@opentelemetry/instrumentation-http']).toContain(linked.scope);
    expect(ancestorsOf(linked).map((s) => s.spanId)).toContain(http.spanId);
    // The method's SQL (SQLite: spans from the database library's query hook) under the MCP span.
    const sql = receiver.spans().filter((s) => s.scope === '@kobana/database' && ancestorsOf(s).includes(span));
    expect(sql.length).toBeGreaterThan(0);
    expect(attributesOf(sql[0])).toMatchObject({ 'db.system.name': 'sqlite', 'db.query.text': expect.stringMatching(/^select /i) });
  });

  it('without _meta, the span continues the HTTP request (the header traceparent through the HTTP span)', async () => {
    const res = await callTool({ traceparent: `00-${OTHER_TRACE_ID}-${CLIENT_SPAN_ID}-01` });
    expect(res.status).toBe(200);
    const span = await waitFor('the MCP span', () => receiver.spans().find((s) => s.scope === '@kobana/mcp' && s.traceId === OTHER_TRACE_ID));
    const http = await waitFor('the HTTP server span', () =>
      receiver.spans().find((s) => s.traceId === OTHER_TRACE_ID && s.scope === '@opentelemetry/instrumentation-http' && s.kind === SPAN_KIND_SERVER),
    );
    expect(http.parentSpanId).toBe(CLIENT_SPAN_ID);
    expect(span.links ?? []).toEqual([]);
    const parent = receiver.spans().find((s) => s.spanId === span.parentSpanId)!;
    expect(ancestorsOf(parent).map((s) => s.spanId)).toContain(http.spanId);
  });

  it('exports mcp.server.operation.duration, in seconds, with the conventions bucket boundaries and the span attributes', async () => {
    const point = await waitFor('the duration histogram', () =>
      receiver.points().find((p) => p.metric === 'mcp.server.operation.duration' && attributesOf(p)['gen_ai.tool.name'] === TOOL),
    );
    expect(point.unit).toBe('s');
    expect(Number(point.count)).toBeGreaterThanOrEqual(1);
    expect(point.explicitBounds).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300]);
    expect(attributesOf(point)).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': TOOL,
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': VERSION,
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
    });
    expect(new Set(receiver.contentTypes())).toEqual(new Set(['application/json']));
  });

  it('logs JSON lines: a refused request with its request id and trace id, and never the token', async () => {
    // Headers that contradict the body: refused (400), logged at info.
    const res = await callTool({ traceparent: TRACEPARENT, 'X-Request-Id': 'req-otel-1', 'Mcp-Name': 'another_tool' });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe('req-otel-1');
    const line = await waitFor('the request line', () =>
      output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((entry) => entry.reqId === 'req-otel-1'),
    );
    expect(line).toMatchObject({ level: 30, msg: 'request completed', trace_id: TRACE_ID, res: { statusCode: 400 } });
    expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    const afterBanner = output.slice(output.indexOf('  More tokens:'));
    const logLines = afterBanner
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '');
    for (const l of logLines) expect(() => JSON.parse(l)).not.toThrow();
    expect(afterBanner).not.toContain(token);
  });

  it('on SIGTERM, exports the spans of the last request before it exits 0, and logs the shutdown', async () => {
    const lastTrace = 'b'.repeat(32);
    const res = await callTool({ traceparent: `00-${lastTrace}-${CLIENT_SPAN_ID}-01` });
    expect(res.status).toBe(200);
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(receiver.spans().some((span) => span.traceId === lastTrace)).toBe(true);
    expect(output).toMatch(/"msg":"Shut down in \d+ ms"/);
  });
});
