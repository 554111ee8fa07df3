import { BenchRequest, Era, FRESH_KEY, mcpRequest, parseRpcBody } from './bench.requests';
import type { RunningServer } from './bench.servers';
import { benchTokens } from '../servers/bench.verifier';

/** Which part of the table a row belongs to. */
export type TargetGroup = 'echo' | 'kadu' | 'list' | 'confirm' | 'denied' | 'budget';

/** What `--check` holds a module row to: its ratios against its baseline row at most these. */
export interface BenchGoal {
  /** CPU per request, × the baseline's. */
  cpu?: number;
  /** p99 latency, × the baseline's. */
  p99?: number;
}

/** One row of the table: a server, a request, and what a correct answer is. */
export interface BenchTarget {
  id: string;
  label: string;
  group: TargetGroup;
  server: string;
  /** Whether the row is the module's own (ratios are computed for these). */
  module: boolean;
  /** Whether the row is a peer implementation (the best of them is what `vs best peer` compares with). @default false */
  peer?: boolean;
  /** For module rows: the row whose throughput and p99 this one is compared with. */
  baseline?: string;
  request(server: RunningServer): BenchRequest;
  status: number;
  /** Whether a response body is the correct result (checked on the reference response; the load compares bytes). */
  correct(body: string): boolean;
  /** False when the correct answer varies (a countdown): the load then checks each body with `correct`. @default true */
  deterministic?: boolean;
  /** Requests sent (and not checked) before the reference one: what puts the server in the state measured. @default 0 */
  prime?: number;
  /** Requests a second, fixed (autocannon's `overallRate`), instead of as many as the server answers. */
  rate?: number;
  /** The issue's targets for this row (`--check`). */
  goal?: BenchGoal;
}

/** Issue 17's targets: a Kadu tool against its route, and the module's echo against the plain route. */
const KADU_GOAL: BenchGoal = { cpu: 1.1, p99: 1.3 };
const ECHO_GOAL: BenchGoal = { cpu: 1.05 };
/** A caller at 60,000 a minute against callers at 600: the rate-limit store's cost must not grow with the budget. */
const BUDGET_GOAL: BenchGoal = { cpu: 1.05 };

const ECHO_ARGS = { text: 'hello' };
const ECHO_VIEW = { text: 'hello', organization_id: 'org-bench' };

const isEchoView = (value: unknown) => JSON.stringify(value) === JSON.stringify(ECHO_VIEW);
const isEchoResult = (body: string) => {
  const result = parseRpcBody(body)?.result as { content?: Array<{ text?: string }>; isError?: boolean } | undefined;
  const text = result?.content?.[0]?.text;
  return result !== undefined && result.isError !== true && text !== undefined && isEchoView(JSON.parse(text));
};
const isOrganization = (value: unknown) => (value as { slug?: string } | undefined)?.slug === 'bench';
/** The OAuth error JSON the module answers a refused token with (RFC 6750). */
const isOAuthError = (error: string) => (body: string) => (JSON.parse(body) as { error?: unknown }).error === error;
const hasError = (code: number) => (body: string) => parseRpcBody(body)?.error?.code === code;
const listsTools = (count: number) => (body: string) => (parseRpcBody(body)?.result?.tools as unknown[] | undefined)?.length === count;

const READERS = benchTokens('reader');
const callEcho = (era: Era, tokens?: string[], extraHeaders?: Record<string, string>, path?: string) =>
  mcpRequest(era, 'tools/call', { name: 'echo', arguments: ECHO_ARGS }, { tokens, extraHeaders, path });

function restEcho(id: string, label: string, server: string): BenchTarget {
  return {
    id,
    label,
    group: 'echo',
    server,
    module: false,
    status: 200,
    correct: (body: string) => isEchoView(JSON.parse(body)),
    request: (): BenchRequest => ({
      method: 'POST',
      path: '/echo',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${READERS[0]}` },
      body: JSON.stringify(ECHO_ARGS),
      rotate: { header: 'Authorization', values: READERS.map((token) => `Bearer ${token}`) },
    }),
  };
}

function echoPeer(id: string, label: string, server: string, era: Era, path?: string): BenchTarget {
  return {
    id,
    label,
    group: 'echo',
    server,
    module: false,
    peer: true,
    status: 200,
    correct: isEchoResult,
    request: () => callEcho(era, undefined, undefined, path),
  };
}

function moduleEcho(era: Era): BenchTarget {
  return {
    id: `module-echo-${era}`,
    label: `**@kobana/mcp** echo, era ${era}`,
    group: 'echo',
    server: 'module-echo',
    module: true,
    baseline: 'rest-echo',
    goal: ECHO_GOAL,
    status: 200,
    correct: isEchoResult,
    request: () => callEcho(era, READERS),
  };
}

/** The echo with tracing on (an SDK registered, every span recorded), against the same echo without an SDK. */
function tracedEcho(era: Era): BenchTarget {
  return {
    ...moduleEcho(era),
    id: `module-echo-traced-${era}`,
    label: `**@kobana/mcp** echo, era ${era}, OpenTelemetry SDK recording (tracing on)`,
    server: 'module-traced',
    baseline: `module-echo-${era}`,
    goal: undefined,
  };
}

/** The echo on `@nestjs/platform-fastify`, against the REST route on Fastify calling the same method. */
function fastifyEcho(era: Era): BenchTarget {
  return {
    ...moduleEcho(era),
    id: `module-echo-fastify-${era}`,
    label: `**@kobana/mcp** echo, era ${era}, on Fastify`,
    server: 'module-fastify',
    baseline: 'rest-echo-fastify',
    goal: undefined,
  };
}

function kaduMcp(era: Era): BenchTarget {
  return {
    id: `kadu-mcp-${era}`,
    label: `**@kobana/mcp** Kadu \`kadu_organization_get\`, era ${era}`,
    group: 'kadu',
    server: 'kadu',
    module: true,
    baseline: 'kadu-rest',
    goal: KADU_GOAL,
    status: 200,
    correct: (body) => isOrganization((parseRpcBody(body)?.result as { structuredContent?: unknown } | undefined)?.structuredContent),
    request: (server) => mcpRequest(era, 'tools/call', { name: 'kadu_organization_get', arguments: {} }, { tokens: server.info.mcpTokens.split(' ') }),
  };
}

/** The task the get row reads (the newest of the ten the server creates), and the name of the one the update rows change (another organization's). */
const BENCH_TASK_NAME = 'Bench task 9';
const structuredOf = (body: string) => (parseRpcBody(body)?.result as { structuredContent?: unknown; isError?: boolean } | undefined)?.structuredContent;
const isTaskPage = (value: unknown) => {
  const page = value as { data?: Array<{ name?: string }>; meta?: { limit?: number } } | undefined;
  return page?.data?.length === 10 && page.meta?.limit === 10 && page.data[0].name === BENCH_TASK_NAME;
};
const isBenchTask = (value: unknown) => (value as { name?: string } | undefined)?.name === BENCH_TASK_NAME;

/** One of Kadu's task tools and its `/api/v1` route: both call the same `TasksService` method for callers of the same role. */
interface TaskRow {
  name: 'list' | 'get' | 'update';
  tool: string;
  label: string;
  correct: (value: unknown) => boolean;
  /** Whether each answer differs (the update's `updated_at`). */
  varies?: boolean;
  rest(server: RunningServer): BenchRequest;
  args(server: RunningServer): Record<string, unknown>;
  write?: boolean;
}

const TASK_ROWS: readonly TaskRow[] = [
  {
    name: 'list',
    tool: 'kadu_tasks_list',
    label: '`GET /api/v1/tasks?limit=10` (10 tasks)',
    correct: isTaskPage,
    rest: (server) => ({ method: 'GET', path: '/api/v1/tasks?limit=10', headers: { Authorization: `Bearer ${server.info.apiToken}` } }),
    args: () => ({ limit: 10 }),
  },
  {
    name: 'get',
    tool: 'kadu_tasks_get',
    label: '`GET /api/v1/tasks/:id`',
    correct: isBenchTask,
    rest: (server) => ({ method: 'GET', path: `/api/v1/tasks/${server.info.taskId}`, headers: { Authorization: `Bearer ${server.info.apiToken}` } }),
    args: (server) => ({ id: server.info.taskId }),
  },
  {
    name: 'update',
    tool: 'kadu_tasks_update',
    label: '`PATCH /api/v1/tasks/:id` with a fresh `Idempotency-Key`',
    correct: isBenchTask,
    varies: true,
    write: true,
    rest: (server) => ({
      method: 'PATCH',
      path: `/api/v1/tasks/${server.info.writeTaskId}`,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.info.apiWriteToken}`, 'Idempotency-Key': FRESH_KEY },
      body: JSON.stringify({ name: BENCH_TASK_NAME }),
      fresh: FRESH_KEY,
    }),
    args: (server) => ({ id: server.info.writeTaskId, name: BENCH_TASK_NAME, idempotency_key: FRESH_KEY }),
  },
];

/** The route's row and the tool's in both eras. */
function taskTargets(row: TaskRow): BenchTarget[] {
  const restId = `kadu-tasks-${row.name}-rest`;
  const route: BenchTarget = {
    id: restId,
    label: `Kadu ${row.label}`,
    group: 'kadu',
    server: 'kadu',
    module: false,
    status: 200,
    deterministic: !row.varies,
    correct: (body) => row.correct(JSON.parse(body)),
    request: (server) => row.rest(server),
  };
  const tool = (era: Era): BenchTarget => ({
    id: `kadu-tasks-${row.name}-${era}`,
    label: `**@kobana/mcp** Kadu \`${row.tool}\`${row.write ? ' (fresh `idempotency_key`)' : ''}, era ${era}`,
    group: 'kadu',
    server: 'kadu',
    module: true,
    baseline: restId,
    goal: KADU_GOAL,
    status: 200,
    deterministic: !row.varies,
    correct: (body) => row.correct(structuredOf(body)),
    request: (server) => ({
      ...mcpRequest(
        era,
        'tools/call',
        { name: row.tool, arguments: row.args(server) },
        {
          tokens: (row.write ? server.info.mcpWriteTokens : server.info.mcpTokens).split(' '),
        },
      ),
      ...(row.write ? { fresh: FRESH_KEY } : {}),
    }),
  });
  return [route, tool('2025'), tool('2026')];
}

/** Requests a second of both budget rows: far below what one core serves, so CPU per request compares like with like. */
const BUDGET_RATE = 800;

/**
 * The rate-limit store at two budgets, same fixed rate: callers at 600 a
 * minute (the load rotates over 1,024, each far from its limit) against ONE
 * caller at 60,000 a minute (48,000 a minute sent, every call admitted), so
 * that caller's window holds tens of thousands of hits. Both rows are served
 * by one process (`echo` counted as a read, `echo_counted` as a write, the
 * same service method) and rotate over 1,024 tokens (the 60,000 row's all
 * stand for that one caller), so they differ only in what the store holds.
 */
function budget(limit: 600 | 60_000, store: 'module' | 'throttler' = 'module'): BenchTarget {
  const prefix = store === 'module' ? 'budget' : 'throttler-budget';
  const counted = store === 'module' ? '' : ", `@nestjs/throttler`'s exact log (the store before)";
  return {
    id: `${prefix}-${limit}`,
    label: `echo at ${BUDGET_RATE} req/s, ${limit === 600 ? 'callers at 600 a minute' : 'one caller at 60,000 a minute'}${counted}`,
    group: 'budget',
    server: `${store}-budgets`,
    module: true,
    baseline: limit === 600 ? undefined : `${prefix}-600`,
    // Only the module's store is held to it: the throttler's rows show what it replaced.
    goal: limit === 600 || store === 'throttler' ? undefined : BUDGET_GOAL,
    rate: BUDGET_RATE,
    status: 200,
    correct: isEchoResult,
    request: () =>
      limit === 600
        ? callEcho('2026', READERS)
        : mcpRequest('2026', 'tools/call', { name: 'echo_counted', arguments: ECHO_ARGS }, { tokens: benchTokens('shared') }),
  };
}

/**
 * `tools/list` at 10 or 200 tools, the generated ones declared with classes or
 * with Zod schemas; each 200 row is compared with the 10 row of its kind, and
 * each Zod row at 10 with the class row.
 */
function toolsList(count: 10 | 200, schemas: 'class' | 'zod' = 'class'): BenchTarget {
  const suffix = schemas === 'zod' ? '-zod' : '';
  return {
    id: `list-${count}${suffix}`,
    label: `**@kobana/mcp** \`tools/list\`, ${count} tools${schemas === 'zod' ? ' (generated ones from Zod)' : ''}, era 2026`,
    group: 'list',
    server: `module-${count}${suffix}`,
    module: true,
    baseline: count === 200 ? `list-10${suffix}` : schemas === 'zod' ? 'list-10' : undefined,
    status: 200,
    correct: listsTools(count),
    request: () => mcpRequest('2026', 'tools/list', {}, { tokens: READERS }),
  };
}

/** An `input_required` asking to confirm `echo_erase` (era 2026, the client declares elicitation). */
const asksToConfirm = (body: string) => {
  const result = parseRpcBody(body)?.result as { resultType?: string; inputRequests?: { confirm?: unknown }; requestState?: unknown } | undefined;
  return result?.resultType === 'input_required' && result.inputRequests?.confirm !== undefined && typeof result.requestState === 'string';
};
/** The approval link answered to a 2025 client (the same pending approval on every repeat of one caller). */
const sendsApprovalLink = (body: string) => {
  const structured = (parseRpcBody(body)?.result as { structuredContent?: { status?: string; approval_url?: string } } | undefined)?.structuredContent;
  return structured?.status === 'approval_required' && typeof structured.approval_url === 'string';
};
const ERASE = { name: 'echo_erase', arguments: { text: 'hello' } };

function confirmation(era: Era): BenchTarget {
  return {
    id: `confirm-${era}`,
    label:
      era === '2026'
        ? 'destructive tool, era 2026 with elicitation → `input_required` (signed requestState)'
        : 'destructive tool, era 2025 → approval link (in-memory store)',
    group: 'confirm',
    server: 'module-paths',
    module: true,
    baseline: `module-echo-${era}`,
    status: 200,
    correct: era === '2026' ? asksToConfirm : sendsApprovalLink,
    // The signed state carries a nonce and an expiry; the link an approval id per caller.
    deterministic: false,
    request: () => mcpRequest(era, 'tools/call', ERASE, { tokens: READERS, ...(era === '2026' ? { capabilities: { elicitation: {} } } : {}) }),
  };
}

function denied(id: string, label: string, status: number, correct: (body: string) => boolean, request: () => BenchRequest): BenchTarget {
  return { id, label, group: 'denied', server: 'module-paths', module: true, baseline: 'module-echo-2026', status, correct, request };
}

/** Every row, in the order of the table (and of each interleaved round). */
export const TARGETS: readonly BenchTarget[] = Object.freeze([
  restEcho('rest-echo', 'Nest 12 REST route `POST /echo` (DTO, ValidationPipe, passport bearer)', 'rest-echo'),
  restEcho('rest-echo-plain', 'the same route with a hand-written bearer guard (no passport)', 'rest-echo-plain'),
  restEcho('rest-echo-fastify', 'the same route on Fastify (`@nestjs/platform-fastify`)', 'rest-fastify'),
  moduleEcho('2025'),
  moduleEcho('2026'),
  tracedEcho('2025'),
  tracedEcho('2026'),
  fastifyEcho('2025'),
  fastifyEcho('2026'),
  echoPeer('rekog-2025', '`@rekog/mcp-nest` 2.x stateless, era 2025', 'rekog', '2025'),
  echoPeer('rekog-2026', '`@rekog/mcp-nest` 2.x stateless, era 2026', 'rekog', '2026'),
  echoPeer('sdk2-2025', 'SDK 2.x `createMcpHandler`, legacy leg (server per request), era 2025', 'sdk2', '2025', '/'),
  echoPeer('sdk2-2026', 'SDK 2.x `createMcpHandler`, era 2026', 'sdk2', '2026', '/'),
  echoPeer('sdk1-per-request', 'SDK 1.x stateless, server per request, era 2025', 'sdk1-per-request', '2025', '/'),
  {
    ...echoPeer('sdk1-shared', 'SDK 1.x one shared server (one session), era 2025', 'sdk1-shared', '2025', '/'),
    request: (server: RunningServer) => callEcho('2025', undefined, { 'Mcp-Session-Id': server.info.sessionId, 'MCP-Protocol-Version': '2025-06-18' }, '/'),
  },
  {
    id: 'kadu-rest',
    label: 'Kadu `GET /api/v1/organization` (same service method)',
    group: 'kadu',
    server: 'kadu',
    module: false,
    status: 200,
    correct: (body: string) => isOrganization(JSON.parse(body)),
    request: (server: RunningServer): BenchRequest => ({
      method: 'GET',
      path: '/api/v1/organization',
      headers: { Authorization: `Bearer ${server.info.apiToken}` },
    }),
  },
  kaduMcp('2025'),
  kaduMcp('2026'),
  ...TASK_ROWS.flatMap(taskTargets),
  toolsList(10),
  toolsList(200),
  toolsList(10, 'zod'),
  toolsList(200, 'zod'),
  confirmation('2026'),
  confirmation('2025'),
  denied('denied-401', 'denied: no token → 401', 401, isOAuthError('invalid_token'), () => callEcho('2026')),
  {
    ...denied('limited-429', 'rate-limited → 429 -32029', 429, hasError(-32029), () => callEcho('2026', READERS.slice(0, 1))),
    server: 'module-limited',
    deterministic: false,
    prime: 1, // the one call the hour allows
  },
  denied('denied-403', 'denied: scope missing → 403', 403, isOAuthError('insufficient_scope'), () => callEcho('2026', benchTokens('unscoped'))),
  denied('denied-32602', 'denied: unknown tool → -32602 (HTTP 400 in 2026)', 400, hasError(-32602), () =>
    mcpRequest('2026', 'tools/call', { name: 'nope', arguments: {} }, { tokens: READERS }),
  ),
  budget(600),
  budget(60_000),
  budget(600, 'throttler'),
  budget(60_000, 'throttler'),
]);
