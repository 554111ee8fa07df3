import { INestApplication } from '@nestjs/common';
import { McpContent } from '@kobana/mcp';
import type { McpInputRequest } from '@kobana/mcp';
import { rpc } from './support/fixture.rpc';
import { createTasksApp, KeptAuditEvents, TaskFixtureTools, taskRpc } from './support/tasks.fixture';

const META = { 'io.modelcontextprotocol/serverInfo': { name: 'host', version: '1' } };
const NOT_FOUND = { code: -32602, message: 'Failed to retrieve task: Task not found' };
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const QUESTION: McpInputRequest = {
  method: 'elicitation/create',
  params: { mode: 'form', message: 'Continue?', requestedSchema: { type: 'object', properties: {} } },
};

describe('McpModule: the tasks extension (io.modelcontextprotocol/tasks)', () => {
  let app: INestApplication;
  let tools: TaskFixtureTools;
  let audit: KeptAuditEvents;
  beforeEach(async () => {
    audit = new KeptAuditEvents();
    app = await createTasksApp(audit);
    tools = app.get(TaskFixtureTools);
  });
  afterEach(() => app.close());

  const start = async (token?: string): Promise<string> => {
    const response = await taskRpc(app, 'tools/call', { name: 'run_job', arguments: {} }, { token });
    expect(response.status).toBe(200);
    return response.body.result.taskId;
  };
  const get = (taskId: string, token?: string) => taskRpc(app, 'tasks/get', { taskId }, { token });
  const lastJob = () => [...tools.jobs.values()].at(-1)!;

  it('announces the extension in server/discover and each task tool’s support in tools/list', async () => {
    const discover = await taskRpc(app, 'server/discover', {});
    expect(discover.body.result.capabilities.extensions).toEqual({ 'io.modelcontextprotocol/tasks': {} });
    const list = await taskRpc(app, 'tools/list', {});
    const byName = Object.fromEntries(list.body.result.tools.map((tool: { name: string }) => [tool.name, tool]));
    expect(byName.run_job.execution).toEqual({ taskSupport: 'optional' });
    expect(byName.only_task.execution).toEqual({ taskSupport: 'required' });
    expect(byName.plain.execution).toBeUndefined();
  });

  it('answers a task tool called with the extension with a CreateTaskResult that tasks/get reads back at once', async () => {
    const response = await taskRpc(app, 'tools/call', { name: 'run_job', arguments: {} });
    expect(response.body.result).toEqual({
      resultType: 'task',
      taskId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      status: 'working',
      createdAt: ISO,
      lastUpdatedAt: ISO,
      ttlMs: 60_000,
      pollIntervalMs: 500,
      _meta: META,
    });
    const { taskId, createdAt } = response.body.result;
    const read = await get(taskId);
    expect(read.status).toBe(200);
    expect(read.body.result).toEqual({
      resultType: 'complete',
      taskId,
      status: 'working',
      createdAt,
      lastUpdatedAt: createdAt,
      ttlMs: 60_000,
      pollIntervalMs: 500,
      _meta: META,
    });
  });

  it('gives a client without the extension today’s answer of an optional task tool, and -32021 naming the extension for a required one', async () => {
    const optional = await taskRpc(app, 'tools/call', { name: 'run_job', arguments: {} }, { capabilities: {} });
    expect(optional.body.result).toEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: '{"job":"job-1","status":"queued"}' }],
      structuredContent: { job: 'job-1', status: 'queued' },
      _meta: META,
    });
    const required = await taskRpc(app, 'tools/call', { name: 'only_task', arguments: {} }, { capabilities: {} });
    expect(required.status).toBe(400);
    expect(required.body.error).toEqual({
      code: -32021,
      message: expect.stringContaining('tool "only_task" needs the tasks extension'),
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
    expect(tools.calls).toBe(1);
    // Era 2025 has no per-request capabilities: a required task tool is -32021 there too.
    const legacy = await rpc(app, '2025', 'tools/call', { name: 'only_task', arguments: {} });
    expect(legacy.body.error.code).toBe(-32021);
  });

  it('follows the work: input_required with its requests, completed with the tool’s result, then the store alone once final', async () => {
    const taskId = await start();
    lastJob().state = { status: 'input_required', statusMessage: 'Waiting for you', inputRequests: { 'q-1': QUESTION } };
    const waiting = (await get(taskId)).body.result;
    expect(waiting).toMatchObject({ status: 'input_required', statusMessage: 'Waiting for you', inputRequests: { 'q-1': QUESTION } });
    expect(waiting.lastUpdatedAt >= waiting.createdAt).toBe(true);

    lastJob().state = { status: 'completed', result: { id: 'job-1', status: 'succeeded' } };
    const done = (await get(taskId)).body.result;
    expect(done.status).toBe('completed');
    expect(done.result).toEqual({
      content: [{ type: 'text', text: '{"id":"job-1","status":"succeeded"}' }],
      structuredContent: { id: 'job-1', status: 'succeeded' },
    });
    expect(done).not.toHaveProperty('requestState');

    // Final: answered from the store, whatever the work says afterwards.
    lastJob().state = { status: 'working' };
    expect((await get(taskId)).body.result).toEqual(done);
  });

  it('answers a tool error as completed with isError, and a protocol error or a failing status method as failed', async () => {
    const first = await start();
    lastJob().state = { status: 'completed', result: McpContent.error('quota exceeded'), isError: true };
    expect((await get(first)).body.result).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'quota exceeded' }], isError: true },
    });

    const second = await start();
    lastJob().state = { status: 'failed', statusMessage: 'crashed', error: { code: -32603, message: 'worker crashed' } };
    const failed = (await get(second)).body.result;
    expect(failed).toMatchObject({ status: 'failed', statusMessage: 'crashed', error: { code: -32603, message: 'worker crashed' } });
    expect(failed).not.toHaveProperty('result');

    const third = await start();
    tools.jobs.delete(lastJob().id);
    expect((await get(third)).body.result).toMatchObject({ status: 'failed', error: { code: -32603, message: 'job gone' } });
  });

  it('hands tasks/update’s responses to the tool and acks empty; a route’s 4xx there is -32602 with its words', async () => {
    const taskId = await start();
    const ack = await taskRpc(app, 'tasks/update', { taskId, inputResponses: { 'q-1': { action: 'accept', content: { yes: true } } } });
    expect(ack.status).toBe(200);
    expect(ack.body.result).toEqual({ resultType: 'complete', _meta: META });
    expect(lastJob().updates).toEqual([{ 'q-1': { action: 'accept', content: { yes: true } } }]);

    const refused = await taskRpc(app, 'tasks/update', { taskId, inputResponses: { bad: {} } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: -32602, message: 'answer must be yes or no' });

    const malformed = await taskRpc(app, 'tasks/update', { taskId, inputResponses: { 'q-1': true } });
    expect(malformed.body.error).toEqual({ code: -32602, message: 'Invalid params: "inputResponses" must be an object of objects' });
  });

  it('cancels through the tool, acks empty, and leaves a final task as it is on a second cancel', async () => {
    const taskId = await start();
    const ack = await taskRpc(app, 'tasks/cancel', { taskId });
    expect(ack.body.result).toEqual({ resultType: 'complete', _meta: META });
    expect((await get(taskId)).body.result).toMatchObject({ status: 'cancelled', statusMessage: 'Cancelled by the client' });
    const again = await taskRpc(app, 'tasks/cancel', { taskId });
    expect(again.body.result).toEqual({ resultType: 'complete', _meta: META });
    expect(lastJob().cancels).toBe(1);
  });

  it('records a task as cancelled itself when its tool has no cancel method', async () => {
    const created = await taskRpc(app, 'tools/call', { name: 'only_task', arguments: {} });
    const { taskId } = created.body.result;
    await taskRpc(app, 'tasks/cancel', { taskId });
    lastJob().state = { status: 'completed', result: 'late' };
    expect((await get(taskId)).body.result.status).toBe('cancelled');
  });

  it('answers another organization’s, another person’s and an unknown task id exactly alike, and runs none of their hooks', async () => {
    const taskId = await start();
    const unknown = await get('x'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual(NOT_FOUND);
    for (const token of ['token-admin', 'token-writer']) {
      for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
        const response = await taskRpc(app, method, { taskId, ...(method === 'tasks/update' ? { inputResponses: { a: {} } } : {}) }, { token });
        expect({ status: response.status, body: response.body }).toEqual({ status: unknown.status, body: unknown.body });
      }
    }
    expect(lastJob().cancels).toBe(0);
    expect(lastJob().updates).toEqual([]);
  });

  it('needs Mcp-Name to carry the task id (-32020), the extension on every task request (-32021), and has no tasks/result or tasks/list', async () => {
    const taskId = await start();
    const wrong = await taskRpc(app, 'tasks/get', { taskId }, { name: 'another-id' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: -32020, message: 'Header mismatch: Mcp-Name' });
    const missing = await taskRpc(app, 'tasks/cancel', { taskId }, { name: null });
    expect(missing.body.error.code).toBe(-32020);
    expect(lastJob().cancels).toBe(0);

    const undeclared = await taskRpc(app, 'tasks/get', { taskId }, { capabilities: {} });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.error.code).toBe(-32021);
    for (const method of ['tasks/result', 'tasks/list']) {
      const response = await taskRpc(app, method, { taskId });
      expect(response.body.error).toEqual({ code: -32601, message: `Method not found: ${method}` });
    }
    expect((await rpc(app, '2025', 'tasks/get', { taskId })).body.error.code).toBe(-32601);
  });

  it('creates no task for a call the route refuses: the client gets its isError result', async () => {
    const response = await taskRpc(app, 'tools/call', { name: 'refuse_job', arguments: {} });
    expect(response.body.result).toMatchObject({ resultType: 'complete', isError: true });
    expect(response.body.result).not.toHaveProperty('taskId');
  });

  it('settles a destructive task tool’s confirmation first, and creates the task only once it is confirmed', async () => {
    const capabilities = { elicitation: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } };
    const asked = await taskRpc(app, 'tools/call', { name: 'erase_job', arguments: {} }, { capabilities });
    expect(asked.body.result).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) });
    expect(asked.body.result).not.toHaveProperty('taskId');
    expect(tools.calls).toBe(0);
    const confirmed = await taskRpc(
      app,
      'tools/call',
      {
        name: 'erase_job',
        arguments: {},
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: asked.body.result.requestState,
      },
      { capabilities },
    );
    expect(confirmed.body.result).toMatchObject({ resultType: 'task', status: 'working' });
    expect(confirmed.body.result).not.toHaveProperty('requestState');
    expect(tools.calls).toBe(1);
  });

  it('records the creating call, tasks/update and tasks/cancel in the audit trail, naming the task', async () => {
    const taskId = await start();
    await taskRpc(app, 'tasks/update', { taskId, inputResponses: { 'q-1': { action: 'accept' } } });
    await taskRpc(app, 'tasks/cancel', { taskId });
    await get(taskId);
    await new Promise((resolve) => setImmediate(resolve));
    expect(audit.events.map((event) => [event.method, event.tool, event.arguments, event.decision, event.outcome])).toEqual([
      ['tools/call', 'run_job', {}, 'allowed', 'success'],
      ['tasks/update', 'run_job', { task_id: taskId }, 'allowed', 'success'],
      ['tasks/cancel', 'run_job', { task_id: taskId }, 'allowed', 'success'],
    ]);
  });

  it('forgets a task once its time to live has passed', async () => {
    const taskId = await start();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'], now: Date.now() + 60_001 });
    try {
      expect((await get(taskId)).body.error).toEqual(NOT_FOUND);
    } finally {
      jest.useRealTimers();
    }
  });
});
