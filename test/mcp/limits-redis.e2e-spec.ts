/**
 * The shared rate-limit store: two replicas (two applications) on one real
 * `redis-server` count one budget per caller, and the store counts as the
 * in-memory default does (sub-windows of a sliding ttl, Retry-After until the
 * oldest hits make room), on Redis's clock and in real time.
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
      expect(keys.every((key) => /^test1:mcp:rl:write:[0-9a-f]{64}:mcp:windows$/.test(key))).toBe(true);
    } finally {
      await Promise.all(replicas.map((app) => app.close()));
    }
  });

  it('increments atomically: 50 concurrent hits of a limit of 20 let exactly 20 through', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test2:');
    const records = await Promise.all(Array.from({ length: 50 }, () => storage.increment('k', 10_000, 20, 0, 'mcp')));
    expect(records.filter((record) => !record.isBlocked)).toHaveLength(20);
    // Refusals are not counted (as in memory): the admitted are hits 1 to 20, each refusal would be the 21st.
    expect(
      records
        .filter((record) => !record.isBlocked)
        .map((record) => record.totalHits)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(records.filter((record) => record.isBlocked).every((record) => record.totalHits === 21)).toBe(true);
    expect(records.every((record) => record.timeToExpire === 10)).toBe(true);
  });

  it('never admits more than the limit within any span of the ttl, even across the edge where a fixed window would admit twice', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test4:');
    // Each attempt's send and answer times: the store's clock (Redis TIME, this machine's) read it in between.
    const attempts: { sent: number; done: number; admitted: boolean }[] = [];
    const hit = async () => {
      const sent = Date.now();
      const admitted = !(await storage.increment('s', 1000, 10, 0, 'mcp')).isBlocked;
      attempts.push({ sent, done: Date.now(), admitted });
    };
    // One hit, then nothing until late in its second: a fixed window opened by that hit would let 9 through
    // before its end and 10 more right after, 19 within a few hundred ms.
    await hit();
    await new Promise((resolve) => setTimeout(resolve, 850));
    const started = Date.now();
    while (Date.now() - started < 2500) {
      await hit();
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const admitted = attempts.flatMap((attempt, index) => (attempt.admitted ? [{ ...attempt, index }] : []));
    expect(admitted.length).toBeGreaterThanOrEqual(25);
    // Bounds from the client's times, true however late the machine runs a round trip (a loaded CI shifts
    // send times by 100 ms and more); 2 ms for the two clocks' rounding to the millisecond.
    for (let i = 10; i < admitted.length; i++) {
      // Never early: the 11th admitted hit reached the store at least the ttl after the 1st did.
      expect(admitted[i].done - admitted[i - 10].sent).toBeGreaterThanOrEqual(1000 - 2);
      // Never late by more than one sub-window (1000 / 30 ms): the refusal just before it was still inside it.
      const before = attempts[admitted[i].index - 1];
      if (!before.admitted) expect(before.sent).toBeLessThan(admitted[i - 10].done + 1000 + 34 + 2);
    }
  });

  it('answers Retry-After until the oldest hits make room, and frees the oldest first', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test5:');
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Each hit with the client's times around it: on a loaded machine a round trip or a timer runs late by
    // 100 ms and more, so the expected wait is bounded from those times rather than from the plan's.
    const hit = async () => {
      const sent = Date.now();
      const answer = await storage.increment('r', 4000, 3, 0, 'mcp');
      return { ...answer, sent, done: Date.now() };
    };
    // The seconds to wait for a hit answered at `now`, when room opens the ttl after `oldest` (within one
    // sub-window, 4000 / 30 ms, for the window the oldest hit was counted in), rounded up as Retry-After is.
    const waitBounds = (oldest: { sent: number; done: number }, now: { sent: number; done: number }) => [
      Math.ceil((oldest.sent + 4000 - now.done) / 1000),
      Math.ceil((oldest.done + 4000 + 134 - now.sent) / 1000),
    ];
    const expectWaitWithin = (answer: { timeToBlockExpire: number }, [low, high]: number[]) => {
      expect(answer.timeToBlockExpire).toBeGreaterThanOrEqual(low);
      expect(answer.timeToBlockExpire).toBeLessThanOrEqual(high);
    };
    const first = await hit();
    await sleep(2000);
    const second = await hit();
    await hit();
    // About 2.0 s in: the first hit makes room at 4.0 s, so about 2 s to wait (rounded up).
    const refused = await hit();
    expect(refused).toMatchObject({ totalHits: 4, timeToExpire: 4, isBlocked: true });
    expectWaitWithin(refused, waitBounds(first, refused));
    await sleep(4100 - (Date.now() - first.sent));
    // The first hit has left: exactly one more is admitted, and the hits of 2.0 s are not freed with it.
    expect((await hit()).isBlocked).toBe(false);
    const next = await hit();
    expect(next.isBlocked).toBe(true);
    // Now the two hits of 2.0 s are the oldest: room at about 6.0 s, about 2 s away (rounded up).
    expectWaitWithin(next, waitBounds(second, next));
  });

  it('costs one round trip and a bounded hash at any budget: 3,000 hits at 1,000,000 a minute keep at most 31 sub-windows', async () => {
    const storage = new McpRedisRateLimitStorage(redis.client, 'test6:');
    const calls: Array<Promise<unknown>> = [];
    const evals = jest.spyOn(redis.client, 'eval');
    for (let i = 0; i < 3000; i++) calls.push(storage.increment('big', 60_000, 1_000_000, 0, 'mcp'));
    await Promise.all(calls);
    expect(evals).toHaveBeenCalledTimes(3000);
    evals.mockRestore();
    expect(await storage.increment('big', 60_000, 1_000_000, 0, 'mcp')).toMatchObject({ totalHits: 3001, isBlocked: false });
    expect(await redis.client.hlen('test6:big:mcp:windows')).toBeLessThanOrEqual(31);
    expect(await redis.client.pttl('test6:big:mcp:windows')).toBeGreaterThan(59_000);
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
