/**
 * Parity of ids: every `/api/v1` route with an `:id` refuses an id its tool
 * refuses with the same 400 body (the route checks `:id` with the DTO's own
 * rules through `ParseIdPipe`), and answers an unknown id of legal length
 * with the same 404 as its tool. Destructive tools are approved in the
 * browser first, as a person in the loop would (ADDENDUM §7).
 */
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { approveInBrowser, CallTool, ToolResult, withApprovals } from './agent-flow.support';
import { callRest, tokensOf } from './files-webhooks.support';

/** A tool, its arguments besides `id`, and its route as `[method, path with :id, body]`. */
type Case = [tool: string, args: Record<string, unknown>, method: string, path: string, body?: Record<string, unknown>];

const CASES: Case[] = [
  ['kadu_tasks_get', {}, 'GET', '/tasks/:id'],
  ['kadu_tasks_update', { name: 'x' }, 'PATCH', '/tasks/:id', { name: 'x' }],
  ['kadu_tasks_delete', {}, 'DELETE', '/tasks/:id'],
  ['kadu_task_permissions_get', {}, 'GET', '/tasks/:id/permissions'],
  ['kadu_task_permissions_update', { roles: ['owner'] }, 'PUT', '/tasks/:id/permissions', { roles: ['owner'] }],
  ['kadu_tasks_run', { input_file_ids: ['f'] }, 'POST', '/tasks/:id/runs', { input_file_ids: ['f'] }],
  ['kadu_executions_get', {}, 'GET', '/executions/:id'],
  ['kadu_executions_cancel', {}, 'POST', '/executions/:id/cancel'],
  ['kadu_executions_continue', { answers: [{ line: 1, category: 'x' }] }, 'POST', '/executions/:id/continue', { answers: [{ line: 1, category: 'x' }] }],
  ['kadu_files_get', {}, 'GET', '/files/:id'],
  ['kadu_files_confirm', {}, 'POST', '/files/:id/confirm'],
  ['kadu_files_download', {}, 'POST', '/files/:id/download'],
  ['kadu_files_delete', {}, 'DELETE', '/files/:id'],
  ['kadu_webhook_endpoints_update', { enabled: false }, 'PATCH', '/webhook_endpoints/:id', { enabled: false }],
  ['kadu_webhook_endpoints_delete', {}, 'DELETE', '/webhook_endpoints/:id'],
  ['kadu_webhook_endpoints_rotate_secret', {}, 'POST', '/webhook_endpoints/:id/rotate_secret'],
  ['kadu_webhook_deliveries_replay', {}, 'POST', '/webhook_deliveries/:id/replay'],
];

// A rest parameter, because jest takes a callback declaring more parameters than the row has values for `done`.
describe('ids: the same answer over REST and MCP', () => {
  let kadu: KaduTestApp;
  let tokens: { mcp: string; api: string };
  let call: CallTool;
  beforeAll(async () => {
    kadu = await startKadu();
    tokens = await tokensOf(kadu, 'ids');
    const person = { email: 'owner@ids.test', password: 'pw-ids-owner-0123456789' };
    await kadu.identity.setPassword((await kadu.identity.findUserByEmail(person.email))!.id, person.password);
    call = withApprovals(rawCall, (url) => approveInBrowser(url, person));
  });
  afterAll(() => kadu?.close());

  /** `tools/call` over raw JSON-RPC (era 2025); the result as the clients see it. */
  const rawCall: CallTool = async (name, args) => {
    const res = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.mcp}`, 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    const { result, error } = (await res.json()) as { result?: ToolResult; error?: unknown };
    if (!result) throw new Error(`${name}: ${JSON.stringify(error)}`);
    return result;
  };

  async function both(tool: string, args: Record<string, unknown>, method: string, path: string, body: unknown, id: string) {
    const result = await call(tool, { ...args, id });
    const viaTool = { isError: result.isError === true, body: result.structuredContent };
    const viaRest = await callRest(kadu, tokens.api, method, path.replace(':id', id), body);
    return { viaTool, viaRest };
  }

  it.each(CASES)('%s: an id of 65 characters is a 400 with the same body', async (...[tool, args, method, path, body]: Case) => {
    const { viaTool, viaRest } = await both(tool, args, method, path, body, 'x'.repeat(65));
    const refused = { statusCode: 400, error: 'Bad Request', message: ['id must be shorter than or equal to 64 characters'] };
    expect(viaRest).toEqual({ status: 400, body: refused });
    expect(viaTool).toEqual({ isError: true, body: refused });
  });

  it.each(CASES)('%s: an unknown id of 64 characters is a 404 with the same body', async (...[tool, args, method, path, body]: Case) => {
    const { viaTool, viaRest } = await both(tool, args, method, path, body, 'y'.repeat(64));
    expect(viaRest.status).toBe(404);
    expect(viaRest.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(viaTool).toEqual({ isError: true, body: viaRest.body });
  });
});
