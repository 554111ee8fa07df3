/**
 * The shared rate-limit store: two replicas (two applications) on one real
 * `redis-server` count one budget per caller, and the store answers the same
 * records as the in-memory default would for a fixed window.
 */
import { INestApplication } from '@nestjs/common';
import { McpRedisRateLimitStorage } from '@kobana/mcp';
import { callTool, createLimitsApp, LimitsTools } from './limits.support';
import { startRedis, TestRedis } from './limits-redis.support';

describe('MCP rate limits in Redis (replicas share one budget)', () => {
  let redis: TestRedis;
  beforeAll(async () => (redis = await startRedis()));
  afterAll(() => redis?.stop());

  it('counts a caller across two replicas, answers 429 with the window left, and keeps callers apart', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test1:');
    const options = { rateLimit: { write: { limit: 3, ttlMs: 30_000 }, storage } };
    const replicas: INestApplication[] = [await createLimitsApp(options), await createLimitsApp(options)];
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await callTool(replicas[i % 2], 'note', undefined, i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await callTool(replicas[1], 'note', undefined, 'r');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.body.error.data).toEqual({ retry_after_seconds: 30 });
      const runs = replicas.map((app) => app.get(LimitsTools).runs.note);
      expect(runs[0] + runs[1]).toBe(3);
      expect((await callTool(replicas[0], 'note', 'org-a|bob|client-1')).status).toBe(200);
      const keys = await redis.client.keys('test1:*');
      expect(keys.every((key) => /^test1:mcp:rl:write:[0-9a-f]{64}:mcp:hits$/.test(key))).toBe(true);
    } finally {
      await Promise.all(replicas.map((app) => app.close()));
    }
  });

  it('increments atomically: 50 concurrent hits of a limit of 20 let exactly 20 through', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test2:');
    const records = await Promise.all(Array.from({ length: 50 }, () => storage.increment('k', 10_000, 20, 0, 'mcp')));
    expect(records.filter((record) => !record.isBlocked)).toHaveLength(20);
    expect(new Set(records.map((record) => record.totalHits)).size).toBe(50);
    expect(records.every((record) => record.timeToExpire === 10)).toBe(true);
  });

  it('forgets the window when it expires, and blocks for blockDuration when one is asked for', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test3:');
    expect((await storage.increment('w', 1000, 1, 0, 'mcp')).isBlocked).toBe(false);
    expect((await storage.increment('w', 1000, 1, 0, 'mcp')).isBlocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await storage.increment('w', 1000, 1, 0, 'mcp')).isBlocked).toBe(false);

    await storage.increment('b', 1000, 1, 0, 'mcp');
    const blocked = await storage.increment('b', 1000, 1, 5000, 'mcp');
    expect([blocked.isBlocked, blocked.timeToBlockExpire]).toEqual([true, 5]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await storage.increment('b', 1000, 1, 5000, 'mcp')).isBlocked).toBe(true); // window over, block not
  });
});
