/**
 * Kadu's runs as tasks of the tasks extension, on a real Kadu with its
 * worker, driven on the wire as the extension writes it (the official
 * clients do not speak it yet): a run from start to completed, one that
 * waits for categories and is answered with tasks/update, tasks/cancel, and
 * the refusals of another organization, another client and a wrong Mcp-Name.
 */
import { FilesWriter } from '../../src/files/files-storage.service';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { McpTasksWire } from '../support/mcp-tasks.wire';

jest.setTimeout(30_000);

const NOT_FOUND = { code: -32602, message: 'Failed to retrieve task: Task not found' };
const CSV = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n2026-01-03,PIX recebido,100.00\n';

describe('kadu_tasks_run and kadu_executions_continue as tasks', () => {
  let kadu: KaduTestApp;
  let agent: McpTasksWire;
  let fileId: string;

  beforeAll(async () => {
    // Expired tasks swept every 100 ms (KADU_PRUNE_INTERVAL_MS), so the last case sees a sweep.
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '20', KADU_PRUNE_INTERVAL_MS: '100' } });
    agent = new McpTasksWire(kadu.mcpUrl, await kadu.token('org-a', 'owner', { clientId: 'agent-1' }));
    const orgA = await kadu.identity.ensureOrganization('org-a');
    fileId = (await kadu.app.get(FilesWriter).writeOutput(orgA.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(CSV) })).id;
  });
  afterAll(() => kadu?.close());

  const createTask = async (rules: { category: string; match: string }[]): Promise<string> => {
    const created = await agent.callTool('kadu_tasks_create', { name: `Statement ${rules.length}`, rules });
    return created.body.result!.structuredContent.id;
  };
  const startRun = async (rules: { category: string; match: string }[]) => {
    const answer = await agent.callTool('kadu_tasks_run', { id: await createTask(rules), input_file_ids: [fileId] });
    expect(answer.status).toBe(200);
    return answer.body.result!;
  };
  const execution = async (id: string) => (await agent.callTool('kadu_executions_get', { id })).body.result!.structuredContent;

  it('without the extension answers exactly as before: the queued execution', async () => {
    const id = await createTask([{ category: 'fees', match: 'tarifa' }]);
    const answer = await agent.callTool('kadu_tasks_run', { id, input_file_ids: [fileId] }, { capabilities: { elicitation: {} } });
    expect(answer.body.result).toMatchObject({ resultType: 'complete', structuredContent: { task_id: id, status: 'queued' } });
    expect(answer.body.result).not.toHaveProperty('taskId');
  });

  it('runs as a task from working to completed, whose result is the execution as kadu_executions_get returns it', async () => {
    const created = await startRun([
      { category: 'fees', match: 'tarifa' },
      { category: 'income', match: 'pix' },
    ]);
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 86_400_000, pollIntervalMs: 2000 });
    expect(created).not.toHaveProperty('requestState');
    const stored = await kadu.db.selectFrom('mcp_tasks').selectAll().where('id', '=', created.taskId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ tool: 'kadu_tasks_run', status: 'working', client_id: 'agent-1' });

    const done = await agent.until(created.taskId, ['completed', 'failed', 'cancelled']);
    const executionId = JSON.parse(stored.handle).id;
    expect(done).toMatchObject({ resultType: 'complete', status: 'completed', statusMessage: 'Succeeded' });
    expect(done.result.structuredContent).toEqual(await execution(executionId));
    expect(done.result.structuredContent).toMatchObject({ status: 'succeeded', result: { lines: 2 } });
  });

  it('waits for categories as input_required and goes on once tasks/update answers them, as kadu_executions_continue would', async () => {
    const created = await startRun([{ category: 'fees', match: 'tarifa' }]);
    const waiting = await agent.until(created.taskId, ['input_required']);
    const [key] = Object.keys(waiting.inputRequests);
    expect(waiting.inputRequests[key]).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'form', requestedSchema: { properties: { line_2: { type: 'string', title: 'Line 2: PIX recebido (100.00)' } }, required: ['line_2'] } },
    });
    const refused = await agent.request('tasks/update', { taskId: created.taskId, inputResponses: { [key]: { action: 'accept', content: { line_2: '' } } } });
    expect(refused.body.error).toEqual({ code: -32602, message: expect.stringContaining('category should not be empty') });

    const ack = await agent.request('tasks/update', { taskId: created.taskId, inputResponses: { [key]: { action: 'accept', content: { line_2: 'income' } } } });
    expect(ack.body.result).toMatchObject({ resultType: 'complete' });
    const done = await agent.until(created.taskId, ['completed', 'failed', 'cancelled']);
    expect(done.result.structuredContent).toMatchObject({ status: 'succeeded', result: { categories: [{ category: 'fees' }, { category: 'income' }] } });
  });

  it('tasks/cancel cancels the execution with the cancel rules, and the task reads cancelled', async () => {
    const created = await startRun([{ category: 'fees', match: 'tarifa' }]);
    await agent.until(created.taskId, ['input_required']);
    const ack = await agent.request('tasks/cancel', { taskId: created.taskId });
    expect(ack.body.result).toMatchObject({ resultType: 'complete' });
    expect(ack.body.result).not.toHaveProperty('status');
    expect(await agent.until(created.taskId, ['cancelled'])).toMatchObject({ status: 'cancelled' });
    const stored = await kadu.db.selectFrom('mcp_tasks').select('handle').where('id', '=', created.taskId).executeTakeFirstOrThrow();
    expect(await execution(JSON.parse(stored.handle).id)).toMatchObject({ status: 'cancelled' });
  });

  it('kadu_executions_continue as a task follows the execution it resumed', async () => {
    const created = await startRun([{ category: 'fees', match: 'tarifa' }]);
    await agent.until(created.taskId, ['input_required']);
    const stored = await kadu.db.selectFrom('mcp_tasks').select('handle').where('id', '=', created.taskId).executeTakeFirstOrThrow();
    const answer = await agent.callTool('kadu_executions_continue', { id: JSON.parse(stored.handle).id, answers: [{ line: 2, category: 'income' }] });
    expect(answer.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    expect(await agent.until(answer.body.result!.taskId, ['completed'])).toMatchObject({ result: { structuredContent: { status: 'succeeded' } } });
  });

  it('answers another organization, another client of the same person and an unknown id alike, and needs Mcp-Name to be the task id', async () => {
    const created = await startRun([{ category: 'fees', match: 'tarifa' }]);
    const otherOrganization = new McpTasksWire(kadu.mcpUrl, await kadu.token('org-b', 'owner', { clientId: 'agent-1' }));
    const otherClient = new McpTasksWire(kadu.mcpUrl, await kadu.token('org-a', 'owner', { clientId: 'agent-2' }));
    const unknown = await agent.request('tasks/get', { taskId: 'A'.repeat(43) });
    expect(unknown).toEqual({ status: 400, body: { jsonrpc: '2.0', id: expect.any(Number), error: NOT_FOUND } });
    for (const stranger of [otherOrganization, otherClient]) {
      for (const method of ['tasks/get', 'tasks/cancel']) {
        const answer = await stranger.request(method, { taskId: created.taskId });
        expect({ status: answer.status, error: answer.body.error }).toEqual({ status: 400, error: NOT_FOUND });
      }
    }
    const wrongName = await agent.request('tasks/get', { taskId: created.taskId }, { name: 'another-task' });
    expect(wrongName).toMatchObject({ status: 400, body: { error: { code: -32020, message: 'Header mismatch: Mcp-Name' } } });
    const undeclared = await agent.request('tasks/get', { taskId: created.taskId }, { capabilities: { elicitation: {} } });
    expect(undeclared.body.error?.code).toBe(-32021);
    // Nothing of the above touched the run.
    expect((await agent.until(created.taskId, ['input_required'])).status).toBe('input_required');
  });

  it('sweeps expired tasks at KADU_PRUNE_INTERVAL_MS, and keeps the live ones', async () => {
    const { id: organization_id } = await kadu.identity.ensureOrganization('org-a');
    const at = new Date().toISOString();
    const row = (id: string, expires_at: string) => ({
      id,
      organization_id,
      subject: 'user',
      client_id: 'agent-1',
      tool: 'kadu_tasks_run',
      handle: '{}',
      status: 'completed' as const,
      status_message: null,
      outcome: null,
      created_at: at,
      updated_at: at,
      expires_at,
    });
    await kadu.db
      .insertInto('mcp_tasks')
      .values([row('expired-task', new Date(Date.now() - 1000).toISOString()), row('live-task', new Date(Date.now() + 3_600_000).toISOString())])
      .execute();
    const left = async () => (await kadu.db.selectFrom('mcp_tasks').select('id').where('id', 'in', ['expired-task', 'live-task']).execute()).map((r) => r.id);
    // The default interval is ten minutes: only the setting brings a sweep within this wait.
    for (const deadline = Date.now() + 5000; (await left()).length > 1 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await left()).toEqual(['live-task']);
  });
});
