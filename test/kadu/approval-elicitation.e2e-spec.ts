/**
 * In-chat confirmation of a destructive Kadu tool (docs/protocol.md §7) with the
 * official `@modelcontextprotocol/client` 2.x pinned to 2026-07-28, declaring
 * `elicitation` and answering `elicitation/create` with a handler: the
 * client's own input_required driver retries with `inputResponses` and the
 * byte-exact `requestState`. Runs are counted as execution rows.
 */
import { Client, ProtocolError, SdkError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { FilesWriter } from '../../src/files/files-storage.service';
import { KaduTestApp, startKadu } from '../support/kadu-app';

jest.setTimeout(30_000);

type ElicitAnswer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, boolean> };
type Fetch = typeof fetch;

describe('confirming kadu_tasks_run in the chat with client 2.x', () => {
  let kadu: KaduTestApp;
  let token: string;
  let taskId: string;
  let fileId: string;
  const open: Client[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '20' } });
    token = await kadu.token('org-a', 'owner');
    const orgA = await kadu.identity.ensureOrganization('org-a');
    const csv = 'date,description,amount\n2026-01-02,Tarifa,-1.50\n';
    fileId = (await kadu.app.get(FilesWriter).writeOutput(orgA.id, { filename: 'jan.csv', content_type: 'text/csv', bytes: Buffer.from(csv) })).id;
    const client = await connect({ action: 'accept', content: { confirm: true } });
    const task = await client.callTool({ name: 'kadu_tasks_create', arguments: { name: 'Statement', rules: [{ category: 'fees', match: 'tarifa' }] } });
    taskId = (task.structuredContent as { id: string }).id;
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.close().catch(() => undefined)));
    await kadu?.close();
  });

  /** A 2.x client that declares elicitation and answers every confirmation with `answer`; `fetch` may rewrite requests. */
  async function connect(answer: ElicitAnswer, fetchVia: Fetch = fetch, maxRounds = 10): Promise<Client> {
    const client = new Client(
      { name: 'chat-e2e', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { elicitation: {} }, inputRequired: { maxRounds } },
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push((request.params as { message: string }).message);
      return answer;
    });
    const transport = new StreamableHTTPClientTransport(new URL(kadu.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: fetchVia,
    });
    open.push(client);
    await client.connect(transport);
    return client;
  }

  const runs = async () =>
    Number(
      (
        await kadu.db
          .selectFrom('executions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const run = (client: Client) => client.callTool({ name: 'kadu_tasks_run', arguments: { id: taskId, input_file_ids: [fileId] } });

  /** A fetch that hands each tools/call retry body (one carrying `requestState`) to `edit` before sending it. */
  const editingRetries =
    (edit: (body: Record<string, any>) => void): Fetch =>
    async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('"requestState"')) {
        const body = JSON.parse(init.body);
        edit(body);
        return fetch(input, { ...init, body: JSON.stringify(body) });
      }
      return fetch(input, init);
    };

  it('accept runs the tool once, after the person was told what will happen', async () => {
    const before = await runs();
    asked.length = 0;
    const result = await run(await connect({ action: 'accept', content: { confirm: true } }));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ task_id: taskId, status: 'queued' });
    // The task and the file by name, looked up in the caller's organization, not their ids.
    expect(asked).toEqual(['Run a task: task "Statement" ("tarifa" → fees), run on "jan.csv". This cannot be undone. Continue?']);
    expect(await runs()).toBe(before + 1);
  });

  it.each([
    ['decline', { action: 'decline' }],
    ['cancel', { action: 'cancel' }],
    ['confirm: false', { action: 'accept', content: { confirm: false } }],
  ] as Array<[string, ElicitAnswer]>)('%s runs nothing and answers isError', async (_case, answer) => {
    const before = await runs();
    const result = await run(await connect(answer));
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: 'Cancelled, nothing was done: the person did not confirm Run a task.' }]);
    expect(await runs()).toBe(before);
  });

  it('an edited requestState runs nothing: the call fails with -32602 "Invalid requestState"', async () => {
    const before = await runs();
    const tamper = editingRetries((body) => {
      const [payload, signature] = String(body.params.requestState).split('.');
      const state = JSON.parse(Buffer.from(payload, 'base64url').toString());
      body.params.requestState = `${Buffer.from(JSON.stringify({ ...state, expires_at: state.expires_at + 86_400_000 })).toString('base64url')}.${signature}`;
    });
    const error = await run(await connect({ action: 'accept', content: { confirm: true } }, tamper)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('Invalid requestState') });
    expect(await runs()).toBe(before);
  });

  it('a replayed requestState runs nothing: the server asks again until the client gives up', async () => {
    let spent: string | undefined;
    const record = editingRetries((body) => (spent = body.params.requestState));
    await run(await connect({ action: 'accept', content: { confirm: true } }, record));
    const before = await runs();
    const replay = editingRetries((body) => (body.params.requestState = spent));
    const error = await run(await connect({ action: 'accept', content: { confirm: true } }, replay, 3)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ code: 'INPUT_REQUIRED_ROUNDS_EXCEEDED' });
    expect(await runs()).toBe(before);
  });
});
