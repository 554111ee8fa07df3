/**
 * Tasks and executions over real HTTP: every tool answers the JSON of its
 * `/api/v1` route for the same caller and input (a success and a failure
 * each), and organization B reaches nothing of organization A (404, as for
 * an id that does not exist). Writes are compared through one
 * `idempotency_key`: the route runs the write, the tool gets its response.
 */
import { FilesWriter } from '../../src/files/files-storage.service';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { fetchApproved } from './approval.support';
import { expectToolOutputMatches } from '@kobana/mcp/testing';

jest.setTimeout(60_000);

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
}

describe('tasks and executions: REST and MCP parity, isolation', () => {
  let kadu: KaduTestApp;
  const tokens: Record<string, { api: string; mcp: string }> = {};
  let fileOfA: string;

  beforeAll(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '20' } });
    for (const org of ['org-a', 'org-b']) {
      tokens[org] = { api: await kadu.token(org, 'admin', { audience: 'api' }), mcp: await kadu.token(org, 'admin') };
    }
    const orgA = await kadu.identity.ensureOrganization('org-a');
    const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n2026-01-03,Mystery,10.00\n';
    fileOfA = (await kadu.app.get(FilesWriter).writeOutput(orgA.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(csv) })).id;
  });
  afterAll(() => kadu?.close());

  async function rest(org: string, method: string, path: string, body?: Json, key?: string): Promise<Answer> {
    const headers: Record<string, string> = { Authorization: `Bearer ${tokens[org].api}` };
    if (body) headers['Content-Type'] = 'application/json';
    if (key) headers['Idempotency-Key'] = key;
    const res = await fetch(`${kadu.baseUrl}/api/v1${path}`, { method, headers, body: body && JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  }

  async function tool(org: string, name: string, args: Json): Promise<{ isError: boolean; body: Json }> {
    const res = await fetchApproved(kadu, kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens[org].mcp}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    const { result, error } = (await res.json()) as {
      result?: { isError?: boolean; structuredContent?: Json; content: Array<{ text: string }> };
      error?: unknown;
    };
    if (!result) throw new Error(`${name}: ${JSON.stringify(error)}`);
    // The text is the route's JSON; a success repeats it as structuredContent, an error carries the text alone.
    const body = JSON.parse(result.content[0].text) as Json;
    expect(result.structuredContent).toEqual(result.isError === true ? undefined : body);
    expectToolOutputMatches(kadu.app, name, result);
    return { isError: result.isError === true, body };
  }

  /** Asserts the route and the tool answer the same JSON; returns it. */
  async function same(org: string, route: [string, string, Json?, string?], name: string, args: Json, status: number): Promise<Json> {
    const viaRest = await rest(org, ...route);
    const viaTool = await tool(org, name, args);
    expect(viaRest.status).toBe(status);
    expect(viaTool).toEqual({ isError: status >= 400, body: viaRest.body });
    return viaRest.body;
  }

  async function settled(id: string): Promise<Json> {
    for (let i = 0; i < 200; i++) {
      const { body } = await rest('org-a', 'GET', `/executions/${id}`);
      if (!['queued', 'running'].includes(body.status as string)) return body;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`execution ${id} did not settle`);
  }

  const missing = '00000000-0000-4000-8000-000000000000';
  let task: Json;
  let execution: Json;

  it('kadu_tasks_create / _get / _list / _update and permissions: same JSON as the routes', async () => {
    const input = { name: 'Statement', rules: [{ category: 'fees', match: 'tarifa' }] };
    task = await same('org-a', ['POST', '/tasks', input, 'create-1'], 'kadu_tasks_create', { ...input, idempotency_key: 'create-1' }, 201);
    expect(task).toMatchObject({ id: expect.any(String), name: 'Statement', rules: input.rules });
    await same('org-a', ['POST', '/tasks', { name: '' }], 'kadu_tasks_create', { name: '' }, 400);
    await same('org-a', ['POST', '/tasks', { name: 'Other' }, 'create-1'], 'kadu_tasks_create', { name: 'Other', idempotency_key: 'create-1' }, 409);

    await same('org-a', ['GET', `/tasks/${task.id}`], 'kadu_tasks_get', { id: task.id }, 200);
    await same('org-a', ['GET', `/tasks/${missing}`], 'kadu_tasks_get', { id: missing }, 404);
    const page = await same('org-a', ['GET', '/tasks?limit=10'], 'kadu_tasks_list', { limit: 10 }, 200);
    expect(page).toEqual({ data: [task], meta: { next_cursor: null, limit: 10 } });
    await same('org-a', ['GET', '/tasks?cursor=forged'], 'kadu_tasks_list', { cursor: 'forged' }, 400);

    await same(
      'org-a',
      ['PATCH', `/tasks/${task.id}`, { description: 'Monthly' }, 'update-1'],
      'kadu_tasks_update',
      { id: task.id, description: 'Monthly', idempotency_key: 'update-1' },
      200,
    );
    await same('org-a', ['PATCH', `/tasks/${task.id}`, { rules: [{ category: '' }] }], 'kadu_tasks_update', { id: task.id, rules: [{ category: '' }] }, 400);

    await same('org-a', ['GET', `/tasks/${task.id}/permissions`], 'kadu_task_permissions_get', { id: task.id }, 200);
    await same('org-a', ['GET', `/tasks/${missing}/permissions`], 'kadu_task_permissions_get', { id: missing }, 404);
    const permissions = { roles: ['owner', 'admin'] };
    expect(
      await same(
        'org-a',
        ['PUT', `/tasks/${task.id}/permissions`, permissions, 'perm-1'],
        'kadu_task_permissions_update',
        { id: task.id, ...permissions, idempotency_key: 'perm-1' },
        200,
      ),
    ).toEqual({ task_id: task.id, roles: ['owner', 'admin'], user_ids: [] });
    await same('org-a', ['PUT', `/tasks/${task.id}/permissions`, { roles: ['king'] }], 'kadu_task_permissions_update', { id: task.id, roles: ['king'] }, 400);
  });

  it('kadu_tasks_run, kadu_executions_*: same JSON as the routes', async () => {
    const run = { input_file_ids: [fileOfA] };
    execution = await same('org-a', ['POST', `/tasks/${task.id}/runs`, run, 'run-1'], 'kadu_tasks_run', { id: task.id, ...run, idempotency_key: 'run-1' }, 202);
    expect(execution).toMatchObject({ status: 'queued', task_id: task.id, input_file_ids: [fileOfA] });
    await same('org-a', ['POST', `/tasks/${task.id}/runs`, { input_file_ids: [missing] }], 'kadu_tasks_run', { id: task.id, input_file_ids: [missing] }, 404);

    const waiting = await settled(execution.id as string);
    expect(waiting).toMatchObject({ status: 'waiting_input', pending_questions: [{ line: 2, description: 'Mystery', amount: '10.00' }] });
    await same('org-a', ['GET', `/executions/${execution.id}`], 'kadu_executions_get', { id: execution.id }, 200);
    await same('org-a', ['GET', `/executions/${missing}`], 'kadu_executions_get', { id: missing }, 404);
    await same('org-a', ['GET', '/executions?status=waiting_input'], 'kadu_executions_list', { status: 'waiting_input' }, 200);
    await same('org-a', ['GET', '/executions?status=lost'], 'kadu_executions_list', { status: 'lost' }, 400);

    const answers = { answers: [{ line: 2, category: 'income' }] };
    await same(
      'org-a',
      ['POST', `/executions/${execution.id}/continue`, answers, 'cont-1'],
      'kadu_executions_continue',
      { id: execution.id, ...answers, idempotency_key: 'cont-1' },
      200,
    );
    expect(await settled(execution.id as string)).toMatchObject({
      status: 'succeeded',
      cost_cents: 7,
      result: {
        lines: 2,
        categories: [
          { category: 'fees', lines: 1, total: '-1.50' },
          { category: 'income', lines: 1, total: '10.00' },
        ],
      },
    });
    await same('org-a', ['POST', `/executions/${execution.id}/continue`, answers], 'kadu_executions_continue', { id: execution.id, ...answers }, 409);

    const second = (await rest('org-a', 'POST', `/tasks/${task.id}/runs`, run)).body;
    await settled(second.id as string);
    await same(
      'org-a',
      ['POST', `/executions/${second.id}/cancel`, undefined, 'cancel-1'],
      'kadu_executions_cancel',
      { id: second.id, idempotency_key: 'cancel-1' },
      200,
    );
    await same('org-a', ['POST', `/executions/${second.id}/cancel`], 'kadu_executions_cancel', { id: second.id }, 409);
  });

  it("organization B reaches nothing of A's: 404 everywhere, as for an id that does not exist", async () => {
    const notFound = async (route: [string, string, Json?], name: string, args: Json) => {
      const body = await same('org-b', route, name, args, 404);
      expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: expect.stringMatching(/^(Task|Execution) not found$/) });
    };
    await notFound(['GET', `/tasks/${task.id}`], 'kadu_tasks_get', { id: task.id });
    await notFound(['PATCH', `/tasks/${task.id}`, { name: 'x' }], 'kadu_tasks_update', { id: task.id, name: 'x' });
    await notFound(['GET', `/tasks/${task.id}/permissions`], 'kadu_task_permissions_get', { id: task.id });
    await notFound(['PUT', `/tasks/${task.id}/permissions`, { roles: ['viewer'] }], 'kadu_task_permissions_update', { id: task.id, roles: ['viewer'] });
    await notFound(['POST', `/tasks/${task.id}/runs`, { input_file_ids: [fileOfA] }], 'kadu_tasks_run', { id: task.id, input_file_ids: [fileOfA] });
    await notFound(['DELETE', `/tasks/${task.id}`], 'kadu_tasks_delete', { id: task.id });
    await notFound(['GET', `/executions/${execution.id}`], 'kadu_executions_get', { id: execution.id });
    await notFound(['POST', `/executions/${execution.id}/cancel`], 'kadu_executions_cancel', { id: execution.id });
    await notFound(['POST', `/executions/${execution.id}/continue`, { answers: [{ line: 2, category: 'x' }] }], 'kadu_executions_continue', {
      id: execution.id,
      answers: [{ line: 2, category: 'x' }],
    });
    expect((await same('org-b', ['GET', '/tasks'], 'kadu_tasks_list', {}, 200)).data).toEqual([]);
    expect((await same('org-b', ['GET', '/executions'], 'kadu_executions_list', {}, 200)).data).toEqual([]);
  });

  it('kadu_tasks_delete: same JSON as the route, then the task is gone for both', async () => {
    const deleted = await same(
      'org-a',
      ['DELETE', `/tasks/${task.id}`, undefined, 'del-1'],
      'kadu_tasks_delete',
      { id: task.id, idempotency_key: 'del-1' },
      200,
    );
    expect(deleted).toEqual({ id: task.id, deleted_at: expect.any(String) });
    await same('org-a', ['DELETE', `/tasks/${task.id}`], 'kadu_tasks_delete', { id: task.id }, 404);
    await same('org-a', ['GET', `/tasks/${task.id}`], 'kadu_tasks_get', { id: task.id }, 404);
  });
});
