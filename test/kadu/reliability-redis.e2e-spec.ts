/**
 * Two Kadu replicas with KADU_REDIS_URL share one rate-limit budget per
 * caller, and close their Redis connection on shutdown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KaduTestApp, startKadu } from '../support/kadu-app';
import { startRedis, TestRedis } from '../mcp/limits-redis.support';
import { callTool } from './reliability.support';

jest.setTimeout(60_000);

describe('Kadu replicas on one Redis', () => {
  let redis: TestRedis;
  let dataDir: string;
  beforeAll(async () => {
    redis = await startRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'kadu-redis-'));
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts a caller across replicas: the 4th write of a budget of 3 is refused wherever it lands', async () => {
    const databaseUrl = `sqlite:${join(dataDir, 'kadu.sqlite')}`;
    const env = { KADU_REDIS_URL: redis.url, KADU_RATE_LIMIT_WRITE: '3' };
    const replicas: KaduTestApp[] = [await startKadu({ databaseUrl, env }), await startKadu({ databaseUrl, env })];
    try {
      const token = await replicas[0].token('org-a', 'admin');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await callTool(replicas[i % 2], token, 'kadu_tasks_create', { name: `R${i}`, rules: [] }, i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(await replicas[0].db.selectFrom('tasks').select('id').execute()).toHaveLength(3);
      expect((await redis.client.keys('kadu:mcp:rl:write:*')).length).toBe(1);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
    expect(Number((await redis.client.info('clients')).match(/connected_clients:(\d+)/)![1])).toBe(1); // only the test's own client
  });

  it('Redis gone: MCP calls answer 503 + Retry-After (retryable), nothing is written', async () => {
    const own = await startRedis();
    const kadu = await startKadu({ env: { KADU_REDIS_URL: own.url } });
    try {
      const token = await kadu.token('org-a', 'admin');
      expect((await callTool(kadu, token, 'kadu_tasks_create', { name: 'before', rules: [] })).status).toBe(200);
      await own.stop();
      const refused = await callTool(kadu, token, 'kadu_tasks_create', { name: 'during', rules: [] }, 'd');
      expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
      expect(refused.body).toEqual({ jsonrpc: '2.0', id: 'd', error: { code: -32030, message: 'Server unavailable' } });
      expect(await kadu.db.selectFrom('tasks').select('name').execute()).toEqual([{ name: 'before' }]);
    } finally {
      await kadu.close();
    }
  });
});
