/**
 * Nothing lost under load (loopback, bounded): the same write with the same
 * idempotency_key from many connections at once has exactly one effect and
 * one answer; many different writes at once are all answered and all in the
 * database.
 */
import { request as httpRequest, RequestOptions } from 'node:http';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { Json, seedRunnable } from './reliability.support';

jest.setTimeout(60_000);

/** Concurrent requests per burst. */
const SAME_KEY_BURST = 50;
const DISTINCT_BURST = 100;

/** One request on its own TCP connection (no keep-alive pool), so a burst really is concurrent connections. */
function post(url: string, headers: Record<string, string>, body: Json): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const options: RequestOptions = {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) },
    };
    const req = httpRequest(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json }));
      res.on('error', reject);
    });
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

describe('Kadu under concurrent load', () => {
  let kadu: KaduTestApp;
  let mcp: string;
  let api: string;
  beforeAll(async () => {
    kadu = await startKadu({ env: { KADU_EXECUTION_POLL_MS: '0', KADU_RATE_LIMIT_WRITE: '100000', KADU_RATE_LIMIT_READ: '100000' } });
    mcp = await kadu.token('org-load', 'admin');
    api = await kadu.token('org-load', 'admin', { audience: 'api' });
  });
  afterAll(() => kadu.close());

  const tool = (name: string, args: Json, id: number) =>
    post(kadu.mcpUrl, { Authorization: `Bearer ${mcp}` }, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const tasksNamed = async (name: string) => kadu.db.selectFrom('tasks').select('id').where('name', '=', name).execute();

  it(`${SAME_KEY_BURST} connections, one idempotency_key over MCP and REST at once: one task, one answer for all`, async () => {
    const input = { name: 'Same key', rules: [] };
    const answers = await Promise.all(
      Array.from({ length: SAME_KEY_BURST }, (_, i) =>
        i % 2 === 0
          ? tool('kadu_tasks_create', { ...input, idempotency_key: 'burst-1' }, i).then((r) => ({ status: r.status, task: r.body.result?.structuredContent }))
          : post(`${kadu.baseUrl}/api/v1/tasks`, { Authorization: `Bearer ${api}`, 'Idempotency-Key': 'burst-1' }, input).then((r) => ({
              status: r.status,
              task: r.body,
            })),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(SAME_KEY_BURST / 2).fill(200), ...Array(SAME_KEY_BURST / 2).fill(201)]);
    expect(new Set(answers.map((answer) => answer.task.id)).size).toBe(1);
    expect(await tasksNamed('Same key')).toHaveLength(1);
    expect(await kadu.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'burst-1').execute()).toHaveLength(1);
  });

  it(`${SAME_KEY_BURST} connections run one task with one Idempotency-Key: one execution`, async () => {
    const { taskId, fileId } = await seedRunnable(kadu, 'org-load', api);
    const answers = await Promise.all(
      Array.from({ length: SAME_KEY_BURST }, () =>
        post(`${kadu.baseUrl}/api/v1/tasks/${taskId}/runs`, { Authorization: `Bearer ${api}`, 'Idempotency-Key': 'run-burst' }, { input_file_ids: [fileId] }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([202]));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await kadu.db.selectFrom('executions').select('id').where('task_id', '=', taskId).execute()).toHaveLength(1);
  });

  it(`${DISTINCT_BURST} different writes at once: every one answered and stored, none twice`, async () => {
    const answers = await Promise.all(
      Array.from({ length: DISTINCT_BURST }, (_, i) => tool('kadu_tasks_create', { name: `Load ${i}`, rules: [], idempotency_key: `distinct-${i}` }, i)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(DISTINCT_BURST).fill(200));
    expect(answers.every((answer) => answer.body.result.isError !== true)).toBe(true);
    const ids = answers.map((answer) => answer.body.result.structuredContent.id as string);
    expect(new Set(ids).size).toBe(DISTINCT_BURST);
    const stored = await kadu.db.selectFrom('tasks').select(['id', 'name']).where('name', 'like', 'Load %').execute();
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());
  });
});
