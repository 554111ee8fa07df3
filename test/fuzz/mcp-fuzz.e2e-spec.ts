/**
 * Bad input, tried for real: thousands of generated requests at the running
 * Kadu over loopback. Never a 5xx, never a hang, never internals in an
 * answer; the database unchanged by every input that must not write; and a
 * normal request served afterwards. Bounded in count and time.
 *
 * FUZZ_SCALE multiplies the number of runs (e.g. FUZZ_SCALE=5 for a longer soak).
 */
import fc from 'fast-check';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { callTool, seedRunnable, snapshot } from '../kadu/reliability.support';
import { FuzzRequest, fuzzAgent, problemsOf, send } from './mcp-fuzz.client';
import { FuzzWorld, hostileHeaders, hostileToolCall, Json, rawBody, wrongMessage } from './mcp-fuzz.arbitraries';

const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));
const TIME_LIMIT_MS = 60_000 * SCALE;
jest.setTimeout(6 * TIME_LIMIT_MS + 60_000);

describe('MCP endpoint under generated hostile input (fast-check)', () => {
  let kadu: KaduTestApp;
  let world: FuzzWorld;
  const tried: Record<string, number> = {};
  const failures: Array<{ property: string; problem: string; request: string }> = [];

  beforeAll(async () => {
    kadu = await startKadu({
      env: { KADU_RATE_LIMIT_READ: '100000', KADU_RATE_LIMIT_WRITE: '100000', KADU_RATE_LIMIT_RUN: '100000', KADU_EXECUTION_POLL_MS: '0' },
    });
    const token = await kadu.token('org-fuzz', 'owner');
    const otherApi = await kadu.token('org-other', 'owner', { audience: 'api' });
    const foreign = await seedRunnable(kadu, 'org-other', otherApi);
    const listed = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    }).then((res) => res.json() as Promise<{ result: { tools: Array<{ name: string; annotations: Json }> } }>);
    const tools = listed.result.tools;
    world = {
      token,
      otherOrgToken: await kadu.token('org-other', 'viewer'),
      foreignIds: [foreign.taskId, foreign.fileId, '00000000-0000-4000-8000-000000000000'],
      readTools: tools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name),
      writeTools: tools.filter((tool) => !tool.annotations.readOnlyHint && !tool.annotations.destructiveHint).map((tool) => tool.name),
      destructiveTools: tools.filter((tool) => tool.annotations.destructiveHint).map((tool) => tool.name),
    };
  });

  afterAll(async () => {
    fuzzAgent.destroy();
    await kadu?.close();
    const total = Object.values(tried).reduce((sum, n) => sum + n, 0);
    // The figures docs/operating.md quotes.
    console.log(`fuzz: ${total} requests tried ${JSON.stringify(tried)}, ${failures.length} failure(s)`);
  });

  /** Runs a property: each generated request is sent and its answer checked; problems are collected, not thrown, to count them all. */
  async function fuzz(property: string, requests: fc.Arbitrary<FuzzRequest>, numRuns: number): Promise<void> {
    tried[property] = 0;
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        tried[property]++;
        const answer = await send(kadu.mcpUrl, request);
        for (const problem of problemsOf(request, answer)) {
          failures.push({ property, problem, request: `${JSON.stringify(request.headers)} ${request.body.subarray(0, 300).toString('latin1')}` });
        }
      }),
      { numRuns: numRuns * SCALE, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
  }

  const validHeaders = () => ({ Authorization: `Bearer ${world.token}`, 'Content-Type': 'application/json' });

  it('inputs that must not write: no 5xx, no internals, the database unchanged', async () => {
    const before = await snapshot(kadu.db);
    await fuzz(
      'raw bodies',
      rawBody.map((body) => ({ headers: validHeaders(), body })),
      600,
    );
    await fuzz(
      'wrong JSON-RPC fields',
      wrongMessage.map((message) => ({ headers: validHeaders(), body: Buffer.from(JSON.stringify(message)) })),
      1000,
    );
    await fuzz(
      'broken and repeated headers',
      fc.tuple(hostileHeaders(world), fc.constantFrom('tools/list', 'ping', 'server/discover')).map(([headers, method]) => ({
        headers,
        body: Buffer.from(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method,
            params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
          }),
        ),
      })),
      600,
    );
    await fuzz('read tools, hostile arguments', hostileToolCall(world, world.readTools, { forgeState: false, anyArguments: true }), 700);
    await fuzz("write tools, other organizations' ids", hostileToolCall(world, world.writeTools, { forgeState: false, anyArguments: false }), 300);
    await fuzz('destructive tools, forged requestState', hostileToolCall(world, world.destructiveTools, { forgeState: true, anyArguments: true }), 500);
    expect(failures.filter((failure) => failure.property !== 'write tools, arbitrary arguments')).toEqual([]);
    expect(await snapshot(kadu.db)).toEqual(before);
  });

  it('inputs that may write (arbitrary arguments to write tools): no 5xx, no internals', async () => {
    await fuzz(
      'write tools, arbitrary arguments',
      hostileToolCall(world, [...world.writeTools, ...world.destructiveTools], { forgeState: false, anyArguments: true }),
      400,
    );
    expect(failures.filter((failure) => failure.property === 'write tools, arbitrary arguments')).toEqual([]);
  });

  it('serves a normal request afterwards', async () => {
    const answer = await callTool(kadu, world.token, 'kadu_organization_get', {});
    expect(answer.status).toBe(200);
    expect(answer.body.result.structuredContent).toMatchObject({ slug: 'org-fuzz' });
  });
});
