/**
 * Parity of ids: every `/api/v1` route with an `:id` refuses an id its tool
 * refuses with the same 400 body (the route checks `:id` with the DTO's own
 * rules through `ParseIdPipe`), and answers an unknown id of legal length
 * with the same 404 as its tool. Each row is checked with the kit's
 * `expectToolMatchesRoute`; destructive tools are approved first in the
 * store the approval page decides in, as the person would (docs/protocol.md §7).
 */
import { expectToolMatchesRoute, McpParityOptions, McpTestClient } from '@kobana/mcp/testing';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { tokensOf } from './files-webhooks.support';

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
  let mcp: McpTestClient;
  let restSide: McpParityOptions;
  beforeAll(async () => {
    kadu = await startKadu();
    const tokens = await tokensOf(kadu, 'ids');
    // Era 2025, as before: a destructive call answers an approval link, which the kit approves for the token's person.
    mcp = await McpTestClient.create(kadu.app, { token: tokens.mcp, era: '2025' });
    restSide = { headers: { Authorization: `Bearer ${tokens.api}` } };
  });
  afterAll(() => kadu?.close());

  /** Route then tool with `id`; both must answer `status` and the same JSON. Answers the route's body. */
  const both = async (
    tool: string,
    args: Record<string, unknown>,
    method: string,
    path: string,
    body: Record<string, unknown> | undefined,
    id: string,
    status: number,
  ) => (await expectToolMatchesRoute(mcp, { tool, args: { ...args, id }, route: { method, path: path.replace(':id', id), body }, status }, restSide)).body;

  it.each(CASES)('%s: an id of 65 characters is a 400 with the same body', async (...[tool, args, method, path, body]: Case) => {
    const refused = { statusCode: 400, error: 'Bad Request', message: ['id must be shorter than or equal to 64 characters'] };
    expect(await both(tool, args, method, path, body, 'x'.repeat(65), 400)).toEqual(refused);
  });

  it.each(CASES)('%s: an unknown id of 64 characters is a 404 with the same body', async (...[tool, args, method, path, body]: Case) => {
    expect(await both(tool, args, method, path, body, 'y'.repeat(64), 404)).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
