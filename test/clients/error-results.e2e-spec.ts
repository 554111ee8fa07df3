/**
 * A refused call is an `isError` result every official client hands to its
 * caller (docs/protocol.md §4). SDK 1.x validates `structuredContent` against
 * the tool's `outputSchema` whenever it is present, error or not, so an error
 * result that carried the route's error body there made `callTool` throw
 * "Structured content does not match the tool's output schema". Every Kadu
 * tool lists an output schema; each family of refusal is driven here through
 * `callTool` of SDK 1.x (era 2025) and client 2.x (era 2026), after
 * `listTools` so both clients hold the schemas they validate against.
 */
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Sdk1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';
import { DatabaseConfirmationStore } from '@kobana/approvals';
import { seedFinishedExecutions } from '../support/executions.seed';
import { startKadu } from '../support/kadu-app';
import { rest, seedRunnable } from '../kadu/reliability.support';

jest.setTimeout(60_000);

type Kadu = Awaited<ReturnType<typeof startKadu>>;
/** What both clients answer from `callTool`, read loosely as a caller does. */
interface CallResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text?: string }>;
}
/** `callTool` of either client, after `listTools`. */
type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallResult>;

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** The text of a refused call, which is the route's JSON body. */
function bodyOf(result: CallResult): unknown {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(result.content[0]?.type).toBe('text');
  return JSON.parse(result.content[0]!.text!);
}

describe('Refused calls come back as isError results through both official clients', () => {
  let kadu: Kadu;
  const open: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    kadu = await startKadu();
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await kadu?.close();
  });

  /** A connected client of `kind` for `token`, whose `callTool` validates against the listed schemas. */
  async function connect(kind: 'sdk1' | 'client2', token: string): Promise<CallTool> {
    const requestInit = { headers: { Authorization: `Bearer ${token}` } };
    if (kind === 'sdk1') {
      const client = new Sdk1Client({ name: 'errors-sdk1', version: '1.0.0' });
      open.push(client);
      await client.connect(new Sdk1Transport(new URL(kadu.mcpUrl), { requestInit }));
      await client.listTools();
      return async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult;
    }
    const client = new Client2({ name: 'errors-client2', version: '2.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    open.push(client);
    await client.connect(new Transport2(new URL(kadu.mcpUrl), { requestInit }));
    await client.listTools();
    return async (name, args) => (await client.callTool({ name, arguments: args })) as CallResult;
  }

  /** An approval link (a success that conforms to the destructive tool's schema), then its id. */
  async function approvalOf(call: CallTool, name: string, args: Record<string, unknown>): Promise<string> {
    const pending = await call(name, args);
    expect(pending.isError).toBeUndefined();
    expect(pending.structuredContent).toMatchObject({ status: 'approval_required', approval_url: expect.any(String) });
    return pending.structuredContent!.approval_id as string;
  }

  async function decide(approvalId: string, decision: 'approved' | 'cancelled'): Promise<void> {
    const store = kadu.app.get(DatabaseConfirmationStore);
    const approval = await store.findApproval(approvalId);
    expect(await store.decideApproval(approvalId, decision, approval!.subject, new Date())).toBeDefined();
  }

  describe.each(['sdk1', 'client2'] as const)('%s callTool', (kind) => {
    const org = `errors-${kind}`;
    let call: CallTool;
    let api: string;

    beforeAll(async () => {
      const email = `owner@${org}.test`;
      call = await connect(kind, await kadu.token(org, 'owner', { email }));
      api = await kadu.token(org, 'owner', { email, audience: 'api' });
    });

    it('404: the route’s not-found body', async () => {
      const route = await rest(kadu, api, 'GET', `/tasks/${MISSING_ID}`);
      expect(route.status).toBe(404);
      expect(bodyOf(await call('kadu_tasks_get', { id: MISSING_ID }))).toEqual(route.body);
    });

    it('400: every field the DTO refuses', async () => {
      const args = { name: '', rules: 'none' };
      const route = await rest(kadu, api, 'POST', '/tasks', args);
      expect(route.status).toBe(400);
      expect(bodyOf(await call('kadu_tasks_create', args))).toEqual(route.body);
    });

    it('409: a file confirmed before its bytes were uploaded', async () => {
      const created = await call('kadu_files_create', { filename: 'jan.csv', content_type: 'text/csv', size: 64 });
      const { id } = created.structuredContent as { id: string };
      expect(bodyOf(await call('kadu_files_confirm', { id }))).toMatchObject({ statusCode: 409, error: 'Conflict' });
    });

    it('403: a task whose permissions leave the caller out (refused before anyone is asked to approve)', async () => {
      const { taskId, fileId } = await seedRunnable(kadu, org, api);
      expect((await rest(kadu, api, 'PUT', `/tasks/${taskId}/permissions`, { roles: ['admin'] })).status).toBe(200);
      const args = { id: taskId, input_file_ids: [fileId] };
      expect(bodyOf(await call('kadu_tasks_run', args))).toMatchObject({ statusCode: 403, message: 'You are not allowed to run this task' });
    });

    it('approval required, then cancelled on the page: a link that conforms to the schema, then words with isError', async () => {
      const { taskId } = await seedRunnable(kadu, org, api);
      const approvalId = await approvalOf(call, 'kadu_tasks_delete', { id: taskId });
      await decide(approvalId, 'cancelled');
      const cancelled = await call('kadu_tasks_delete', { id: taskId });
      expect(cancelled).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^Cancelled, nothing was done/) }] });
      expect(cancelled.structuredContent).toBeUndefined();
    });

    it('402: the plan’s monthly quota is used up, after the person approved the run', async () => {
      const { taskId, fileId } = await seedRunnable(kadu, org, api);
      await seedExecutions(kadu, org, taskId, fileId, 100);
      const args = { id: taskId, input_file_ids: [fileId] };
      await decide(await approvalOf(call, 'kadu_tasks_run', args), 'approved');
      expect(bodyOf(await call('kadu_tasks_run', args))).toMatchObject({ statusCode: 402, error: 'Payment Required' });
    });
  });
});

/** `count` finished executions this month, so the free plan's quota (100) is used up. */
async function seedExecutions(kadu: Kadu, organization: string, taskId: string, fileId: string, count: number): Promise<void> {
  const org = await kadu.identity.ensureOrganization(organization);
  await seedFinishedExecutions(kadu.db, org.id, taskId, fileId, count);
}
