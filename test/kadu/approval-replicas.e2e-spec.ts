/**
 * Approvals and confirmations across replicas (docs/protocol.md §7): two Kadu
 * processes on one database. An approval created on A is decided through
 * B's page and consumed once among simultaneous repeats on both; one
 * requestState confirmed on both runs once.
 */
import { FilesWriter } from '../../src/files/files-storage.service';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { approveViaStore } from './approval.support';

jest.setTimeout(60_000);

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'replica-test', version: '1.0.0' },
};

describe('confirmations shared by replicas', () => {
  let a: KaduTestApp;
  let b: KaduTestApp;
  let token: string;
  let taskId: string;
  let fileId: string;

  beforeAll(async () => {
    // Every confirmation round is a call the rate limit counts; these bursts are about atomicity, not limits.
    const env = { KADU_EXECUTION_POLL_MS: '20', KADU_RATE_LIMIT_RUN: '1000' };
    a = await startKadu({ env });
    b = await startKadu({ databaseUrl: a.databaseUrl, env });
    token = await a.token('org-a', 'owner');
    const orgA = await a.identity.ensureOrganization('org-a');
    fileId = (
      await a.app.get(FilesWriter).writeOutput(orgA.id, { filename: 'j.csv', content_type: 'text/csv', bytes: Buffer.from('date,description,amount\n') })
    ).id;
    const created = await call2025(a, 'kadu_tasks_create', { name: 'T', rules: [{ category: 'fees', match: 'tarifa' }] });
    taskId = created.result.structuredContent.id;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function call2025(kadu: KaduTestApp, name: string, args: Record<string, unknown>) {
    const res = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    return (await res.json()) as { result: any; error?: any };
  }
  async function call2026(kadu: KaduTestApp, name: string, args: Record<string, unknown>, retry: Record<string, unknown> = {}) {
    const res = await fetch(kadu.mcpUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': name,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args, ...retry, _meta: ENVELOPE } }),
    });
    return (await res.json()) as { result: any; error?: any };
  }
  const runs = async () =>
    Number(
      (
        await a.db
          .selectFrom('executions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('many simultaneous repeats of one approved call, on two replicas, run it once', async () => {
    const args = { id: taskId, input_file_ids: [fileId] };
    const first = await call2025(a, 'kadu_tasks_run', args);
    await approveViaStore(b, first.result.structuredContent.approval_id);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call2025(i % 2 ? a : b, 'kadu_tasks_run', args)));
    const ran = answers.filter((answer) => answer.result.structuredContent.task_id === taskId);
    const links = new Set(
      answers.filter((answer) => answer.result.structuredContent.status === 'approval_required').map((answer) => answer.result.structuredContent.approval_id),
    );
    expect(ran).toHaveLength(1);
    expect(links.size).toBe(1);
    expect(await runs()).toBe(1);
  });

  it('many simultaneous confirmed retries with one requestState, on two replicas, run once', async () => {
    const before = await runs();
    const args = { id: taskId, input_file_ids: [fileId], idempotency_key: 'ignored' };
    const asked = await call2026(a, 'kadu_tasks_run', args);
    expect(asked.result.resultType).toBe('input_required');
    const retry = { inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: asked.result.requestState };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call2026(i % 2 ? a : b, 'kadu_tasks_run', { ...args, idempotency_key: `k-${i}` }, retry)),
    );
    expect(answers.filter((answer) => answer.error)).toEqual([]);
    expect(answers.filter((answer) => answer.result.resultType === 'complete')).toHaveLength(1);
    expect(answers.filter((answer) => answer.result.resultType === 'input_required')).toHaveLength(29);
    expect(await runs()).toBe(before + 1);
  });
});
