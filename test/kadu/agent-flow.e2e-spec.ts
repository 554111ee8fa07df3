/**
 * The whole agent flow, driven by the official MCP clients against the real
 * Kadu on loopback, as a person's assistant would drive it: upload a bank
 * statement through its presigned URL, create a task with rules, run it,
 * follow the execution to its end, download the output, and receive the
 * signed webhook at a local receiver; then an execution that waits for
 * input and succeeds once answered. Once with `@modelcontextprotocol/sdk`
 * 1.x (era 2025), and the core of it with `@modelcontextprotocol/client`
 * 2.x pinned to 2026-07-28.
 */
import { Client as Client2026, StreamableHTTPClientTransport as Transport2026 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import {
  approveInBrowser,
  CallTool,
  callOk,
  Execution,
  isValidKaduSignature,
  pollExecution,
  ToolResult,
  uploadStatement,
  withApprovals,
} from './agent-flow.support';
import { eventually } from '../support/eventually';
import { Receiver, startReceiver } from './files-webhooks.support';

jest.setTimeout(60_000);

const RULES = [
  { category: 'fees', match: 'tarifa' },
  { category: 'income', match: 'pix recebido' },
  { category: 'rent', match: 'aluguel' },
];
const MARCH = [
  'date,description,amount',
  '2026-03-01,Tarifa bancaria,-12.50',
  '2026-03-02,PIX recebido Cliente A,1500.00',
  '2026-03-05,Tarifa TED,-8.90',
  '2026-03-07,PIX recebido Cliente B,250.25',
  '2026-03-10,Aluguel escritorio,-3200.00',
].join('\n');
/** March's totals, in the order categories first appear in the file. */
const MARCH_TOTALS = [
  { category: 'fees', lines: 2, total: '-21.40' },
  { category: 'income', lines: 2, total: '1750.25' },
  { category: 'rent', lines: 1, total: '-3200.00' },
];
/** 5 cents per file, 1 per line (src/executions/agent/agent-cost.util.ts). */
const MARCH_COST = 5 + 5;

describe('the agent flow with real MCP clients', () => {
  let kadu: KaduTestApp;
  let receiver: Receiver;
  const open: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    kadu = await startKadu({
      env: { KADU_EXECUTION_POLL_MS: '20', KADU_WEBHOOK_POLL_MS: '20', KADU_WEBHOOKS_ALLOW_PRIVATE: 'true' },
    });
    receiver = await startReceiver();
  });
  /**
   * An MCP token for a person of `organization` who can also sign in, so
   * destructive calls are approved in the browser as the token's subject.
   */
  async function personOf(organization: string, role: 'owner' | 'operator'): Promise<{ token: string; approve: (url: string) => Promise<void> }> {
    const person = { email: `${role}@${organization}.test`, password: `pw-${organization}-${role}-0123456789` };
    const token = await kadu.token(organization, role, { email: person.email });
    const user = await kadu.identity.findUserByEmail(person.email);
    await kadu.identity.setPassword(user!.id, person.password);
    return { token, approve: (url) => approveInBrowser(url, person) };
  }

  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await kadu?.close();
    await receiver?.close();
  });

  describe('@modelcontextprotocol/sdk 1.x (era 2025)', () => {
    let call: CallTool;
    let taskId: string;
    let secret: string;

    beforeAll(async () => {
      const person = await personOf('flow', 'owner');
      const client = new Client({ name: 'kadu-agent-flow-sdk1', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(kadu.mcpUrl), {
        requestInit: { headers: { Authorization: `Bearer ${person.token}` } },
      });
      open.push(client);
      await client.connect(transport);
      expect(transport.protocolVersion).toBe('2025-06-18');
      call = withApprovals(async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult, person.approve);

      const endpoint = await callOk<{ id: string; url: string; secret: string }>(call, 'kadu_webhook_endpoints_create', {
        url: `${receiver.url}/ok/flow`,
        description: 'agent flow',
      });
      expect(endpoint).toMatchObject({ url: `${receiver.url}/ok/flow`, events: ['execution.finished'], enabled: true });
      secret = endpoint.secret;
      const task = await callOk<{ id: string; rules: unknown }>(call, 'kadu_tasks_create', { name: 'Monthly statement', rules: RULES });
      expect(task.rules).toEqual(RULES);
      taskId = task.id;
    });

    /** The delivery of `execution`'s end, once it reached the receiver. */
    const deliveryOf = (executionId: string) =>
      eventually(async () => receiver.received.find((r) => r.path === '/ok/flow' && (JSON.parse(r.body) as Delivered).data.execution.id === executionId));

    it('uploads, runs, follows the execution, downloads the output and receives the signed webhook', async () => {
      const fileId = await uploadStatement(call, 'march.csv', MARCH);
      const queued = await callOk<Execution>(call, 'kadu_tasks_run', { id: taskId, input_file_ids: [fileId] });
      expect(queued).toMatchObject({ task_id: taskId, status: 'queued', input_file_ids: [fileId], output_file_id: null, result: null });

      const done = await pollExecution(call, queued.id);
      expect(done).toMatchObject({
        id: queued.id,
        status: 'succeeded',
        result: { lines: 5, categories: MARCH_TOTALS },
        pending_questions: null,
        error: null,
        cost_cents: MARCH_COST,
        output_file_id: expect.any(String),
      });

      const output = await callOk<{ filename: string; content_type: string; status: string; source: string }>(call, 'kadu_files_get', {
        id: done.output_file_id,
      });
      expect(output).toMatchObject({ filename: `execution-${done.id}.json`, content_type: 'application/json', status: 'ready', source: 'execution' });
      const link = await callOk<{ download_url: string }>(call, 'kadu_files_download', { id: done.output_file_id });
      const downloaded = await fetch(link.download_url);
      expect(downloaded.status).toBe(200);
      expect(await downloaded.json()).toEqual({
        execution_id: done.id,
        task_id: taskId,
        lines: 5,
        categories: MARCH_TOTALS,
        lines_categorized: [
          { line: 1, date: '2026-03-01', description: 'Tarifa bancaria', amount: '-12.50', category: 'fees' },
          { line: 2, date: '2026-03-02', description: 'PIX recebido Cliente A', amount: '1500.00', category: 'income' },
          { line: 3, date: '2026-03-05', description: 'Tarifa TED', amount: '-8.90', category: 'fees' },
          { line: 4, date: '2026-03-07', description: 'PIX recebido Cliente B', amount: '250.25', category: 'income' },
          { line: 5, date: '2026-03-10', description: 'Aluguel escritorio', amount: '-3200.00', category: 'rent' },
        ],
      });

      const delivered = await deliveryOf(done.id);
      expect(delivered.headers['content-type']).toBe('application/json');
      expect(isValidKaduSignature(secret, delivered.headers['kadu-signature'], delivered.body)).toBe(true);
      expect(isValidKaduSignature(`${secret}x`, delivered.headers['kadu-signature'], delivered.body)).toBe(false);
      expect(JSON.parse(delivered.body)).toEqual({
        id: expect.any(String),
        type: 'execution.finished',
        created_at: expect.any(String),
        data: { execution: done },
      });

      const deliveries = await eventually(async () => {
        const page = await callOk<{ data: Array<{ id: string; status: string; attempt_count: number }> }>(call, 'kadu_webhook_deliveries_list', {});
        const delivery = page.data.find((d) => d.id === delivered.headers['kadu-delivery-id']);
        return delivery?.status === 'succeeded' ? delivery : undefined;
      });
      expect(deliveries).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    });

    it('waits for input on a line no rule matches, and succeeds once it is answered', async () => {
      const april = `${MARCH.replace(/2026-03/g, '2026-04')}\n2026-04-12,Transferencia Joao,-75.00\n`;
      const fileId = await uploadStatement(call, 'april.csv', april);
      const queued = await callOk<Execution>(call, 'kadu_tasks_run', { id: taskId, input_file_ids: [fileId] });

      const waiting = await pollExecution(call, queued.id);
      expect(waiting).toMatchObject({
        status: 'waiting_input',
        pending_questions: [{ line: 6, description: 'Transferencia Joao', amount: '-75.00' }],
        result: null,
        output_file_id: null,
        cost_cents: 0,
      });

      const resumed = await callOk<Execution>(call, 'kadu_executions_continue', { id: queued.id, answers: [{ line: 6, category: 'transfers' }] });
      expect(resumed.status).toBe('queued');
      const done = await pollExecution(call, queued.id);
      expect(done).toMatchObject({
        status: 'succeeded',
        pending_questions: null,
        result: { lines: 6, categories: [...MARCH_TOTALS, { category: 'transfers', lines: 1, total: '-75.00' }] },
        cost_cents: MARCH_COST + 1,
      });
      const delivered = await deliveryOf(done.id);
      expect(isValidKaduSignature(secret, delivered.headers['kadu-signature'], delivered.body)).toBe(true);
      expect((JSON.parse(delivered.body) as Delivered).data.execution).toEqual(done);
    });
  });

  describe('@modelcontextprotocol/client 2.x pinned to 2026-07-28', () => {
    it('creates a task, runs it on an uploaded statement and follows the execution to its end', async () => {
      const person = await personOf('flow-2026', 'operator');
      const client = new Client2026({ name: 'kadu-agent-flow-client2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      const transport = new Transport2026(new URL(kadu.mcpUrl), {
        requestInit: { headers: { Authorization: `Bearer ${person.token}` } },
      });
      open.push(client);
      await client.connect(transport);
      // This client declares no elicitation, so destructive calls go through an approval link as in era 2025.
      const call = withApprovals(async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult, person.approve);

      const task = await callOk<{ id: string }>(call, 'kadu_tasks_create', { name: 'Statement', rules: RULES });
      const fileId = await uploadStatement(call, 'march.csv', MARCH);
      const queued = await callOk<Execution>(call, 'kadu_tasks_run', { id: task.id, input_file_ids: [fileId] });
      expect(queued).toMatchObject({ status: 'queued', task_id: task.id });
      expect(await pollExecution(call, queued.id)).toMatchObject({
        status: 'succeeded',
        result: { lines: 5, categories: MARCH_TOTALS },
        cost_cents: MARCH_COST,
        output_file_id: expect.any(String),
      });
    });
  });
});

/** The body of a delivery, as far as these tests read it. */
interface Delivered {
  data: { execution: Execution };
}
