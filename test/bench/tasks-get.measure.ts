/**
 * What one `tasks/get` of a running Kadu task costs, against
 * `kadu_executions_get` of the same execution over MCP and the REST route,
 * on one Kadu process (SQLite, file-backed) driven from the same process by
 * sequential requests: server and client CPU together, per request, and the
 * median latency. The execution stays queued (the worker polls once a
 * minute), so every `tasks/get` reads the task row, asks the execution's
 * status and finds nothing to write: the steady cost of a poll.
 *
 * Run: `npx ts-node --transpile-only -r tsconfig-paths/register test/bench/tasks-get.measure.ts [requests per kind, default 2000]`
 */
import { FilesWriter } from '../../src/files/files-storage.service';
import { startKadu } from '../support/kadu-app';
import { McpTasksWire } from '../support/mcp-tasks.wire';

// Request logs would be most of what is measured; the budgets are lifted so no request is refused.
process.env.LOG_LEVEL ??= 'warn';
const REQUESTS = Number(process.argv[2] ?? 2000);
const WARMUP = 200;
const ROUNDS = 3;

async function measure(label: string, send: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await send();
  const rows: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await send();
      latencies.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    rows.push(`${(((used.user + used.system) / REQUESTS) | 0).toString().padStart(5)} µs CPU, p50 ${latencies[REQUESTS >> 1].toFixed(2)} ms`);
  }
  console.log(`${label.padEnd(34)} ${rows.join(' | ')}`);
}

async function main(): Promise<void> {
  const kadu = await startKadu({
    env: { KADU_EXECUTION_POLL_MS: '60000', KADU_RATE_LIMIT_READ: '10000000', KADU_RATE_LIMIT_WRITE: '10000000', KADU_RATE_LIMIT_RUN: '10000000' },
    logger: false,
  });
  try {
    const token = await kadu.token('bench', 'owner', { clientId: 'bench-agent' });
    const apiToken = await kadu.token('bench', 'owner', { audience: 'api' });
    const wire = new McpTasksWire(kadu.mcpUrl, token);
    const org = await kadu.identity.ensureOrganization('bench');
    const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n';
    const fileId = (await kadu.app.get(FilesWriter).writeOutput(org.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(csv) })).id;
    const task = await wire.callTool('kadu_tasks_create', { name: 'Bench', rules: [{ category: 'fees', match: 'tarifa' }] });
    const created = await wire.callTool('kadu_tasks_run', { id: task.body.result!.structuredContent.id, input_file_ids: [fileId] });
    const taskId = created.body.result!.taskId as string;
    const executionId = JSON.parse((await kadu.db.selectFrom('mcp_tasks').select('handle').where('id', '=', taskId).executeTakeFirstOrThrow()).handle).id;
    console.log(`${REQUESTS} sequential requests per kind, ${ROUNDS} rounds, one process (server + client)`);
    await measure('tasks/get (working)', () => wire.request('tasks/get', { taskId }));
    await measure('kadu_executions_get over MCP', () => wire.request('tools/call', { name: 'kadu_executions_get', arguments: { id: executionId } }));
    await measure('GET /api/v1/executions/:id', () =>
      fetch(`${kadu.baseUrl}/api/v1/executions/${executionId}`, { headers: { Authorization: `Bearer ${apiToken}` } }).then((response) => response.text()),
    );
  } finally {
    await kadu.close();
  }
}

void main();
