import { McpMemoryRateLimitStorage } from './mcp-memory-rate-limit.store';

const T0 = 1_800_000_000_000;

describe('McpMemoryRateLimitStorage', () => {
  let storage: McpMemoryRateLimitStorage;
  const at = (ms: number) => jest.setSystemTime(T0 + ms);
  const hit = (limit = 3, ttl = 60_000, key = 'k', block = 0) => storage.increment(key, ttl, limit, block, 'mcp');

  beforeEach(() => {
    jest.useFakeTimers();
    at(0);
    storage = new McpMemoryRateLimitStorage();
  });
  afterEach(() => {
    storage.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('admits exactly N, refuses N+1 with the seconds until the oldest hit is a ttl old, and does not count the refusal', async () => {
    for (let i = 1; i <= 3; i++) expect(await hit()).toEqual({ totalHits: i, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
    at(250);
    expect(await hit()).toEqual({ totalHits: 4, timeToExpire: 60, isBlocked: true, timeToBlockExpire: 60 });
    at(20_500);
    expect(await hit()).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 40 });
  });

  it('recovers when the window has passed, and not a moment before', async () => {
    for (let i = 0; i < 3; i++) await hit();
    at(59_999);
    expect((await hit()).isBlocked).toBe(true);
    at(60_000);
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('never admits more than the limit within any span of the ttl (hits spread over the window)', async () => {
    const admitted: number[] = [];
    for (let ms = 0; ms < 300_000; ms += 97) {
      at(ms);
      if (!(await hit(20)).isBlocked) admitted.push(ms);
    }
    for (let i = 20; i < admitted.length; i++) expect(admitted[i] - admitted[i - 20]).toBeGreaterThanOrEqual(60_000);
    // and is late by at most one sub-window (2 s of a minute) against an exact log
    for (let i = 20; i < admitted.length; i++) expect(admitted[i] - admitted[i - 20]).toBeLessThan(62_100);
  });

  it('frees the oldest hits first: Retry-After counts to the sub-window that makes room', async () => {
    await hit(3);
    at(10_000);
    await hit(3);
    await hit(3);
    at(30_000);
    expect(await hit(3)).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    at(60_000);
    expect((await hit(3)).isBlocked).toBe(false);
    expect(await hit(3)).toMatchObject({ isBlocked: true, timeToBlockExpire: 10 });
  });

  it('admits exactly 20 of 50 concurrent hits of a limit of 20', async () => {
    const records = await Promise.all(Array.from({ length: 50 }, () => hit(20, 10_000)));
    expect(records.filter((record) => !record.isBlocked)).toHaveLength(20);
    expect(records.filter((record) => record.isBlocked).every((record) => record.timeToBlockExpire === 10)).toBe(true);
  });

  it('keeps keys and throttler names apart', async () => {
    await hit(1, 60_000, 'a');
    expect((await hit(1, 60_000, 'a')).isBlocked).toBe(true);
    expect((await hit(1, 60_000, 'b')).isBlocked).toBe(false);
    expect((await storage.increment('a', 60_000, 1, 0, 'other')).isBlocked).toBe(false);
  });

  it('blocks for blockDuration once the limit is passed, past the end of the window', async () => {
    await hit(1, 1000, 'b', 5000);
    expect(await hit(1, 1000, 'b', 5000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 5 });
    at(1100);
    expect(await hit(1, 1000, 'b', 5000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 4 });
    at(5000);
    expect((await hit(1, 1000, 'b', 5000)).isBlocked).toBe(false);
  });

  it('costs the same at any budget: a caller at 1,000,000 a minute keeps a fixed number of counters', async () => {
    for (let i = 0; i < 200_000; i++) {
      if (i % 1000 === 0) at(i / 10); // 200,000 hits over 20 s
      await hit(1_000_000);
    }
    expect(await hit(1_000_000)).toMatchObject({ totalHits: 200_001, isBlocked: false });
  });

  it('forgets idle callers on its sweep', async () => {
    await hit(1, 1000, 'idle');
    at(120_000);
    jest.advanceTimersByTime(60_000);
    expect((storage as unknown as { buckets: Map<string, unknown> }).buckets.size).toBe(0);
  });
});
