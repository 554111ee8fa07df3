import { PollingLoop, PollingLoopOptions } from './polling-loop.worker';
import { WorkerHealthRegistry } from './worker-health.registry';

function loopOf(tick: () => Promise<boolean | void>, options: Partial<PollingLoopOptions> = {}) {
  const logger = { warn: jest.fn(), log: jest.fn() };
  const loop = new PollingLoop(
    { name: 'queue', intervalMs: 500, failed: (reason) => `Poll failed: ${reason}`, logger, random: () => 0.999999, ...options },
    tick,
  );
  return { loop, logger };
}

describe('PollingLoop', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls again after a failed poll, with a fresh attempt each time, however the last one failed', async () => {
    // Each attempt calls the tick again: nothing of the failed one is awaited by the next.
    let failing = true;
    const calls: string[] = [];
    const { loop } = loopOf(async () => {
      calls.push(failing ? 'failed' : 'ok');
      if (failing) throw new Error('permission denied for table executions');
    });
    loop.start();
    await jest.advanceTimersByTimeAsync(1500);
    failing = false;
    await jest.advanceTimersByTimeAsync(5000);
    expect(calls.slice(0, 2)).toEqual(['failed', 'failed']);
    expect(calls).toContain('ok');
    await loop.stop();
  });

  it('backs off exponentially while polls fail, up to its maximum, and comes back to its interval on the first success', async () => {
    let failing = true;
    const at: number[] = [];
    const start = Date.now();
    const { loop, logger } = loopOf(
      async () => {
        at.push(Date.now() - start);
        if (failing) throw new Error('database away');
      },
      { maxBackoffMs: 2000 },
    );
    loop.start();
    // 0, then +500, +1000, +2000, +2000 (the maximum).
    await jest.advanceTimersByTimeAsync(5500);
    expect(at).toEqual([0, 500, 1500, 3500, 5500]);
    expect(logger.warn).toHaveBeenLastCalledWith('Poll failed: database away (5 in a row; next attempt in 2000 ms)');
    failing = false;
    await jest.advanceTimersByTimeAsync(2000 + 1000);
    expect(at).toEqual([0, 500, 1500, 3500, 5500, 7500, 8000, 8500]);
    expect(logger.log).toHaveBeenCalledWith('Worker queue polls again after 5 failed attempt(s)');
    await loop.stop();
  });

  it('polls again at once while the tick says there is more work, then rests its interval', async () => {
    let work = 3;
    let polls = 0;
    const { loop } = loopOf(async () => {
      polls++;
      return work-- > 0;
    });
    loop.start();
    await jest.advanceTimersByTimeAsync(10);
    expect(polls).toBe(4);
    await jest.advanceTimersByTimeAsync(500);
    expect(polls).toBe(5);
    await loop.stop();
  });

  it('kick() polls now when idle, but never beside a poll under way', async () => {
    let polls = 0;
    let concurrent = 0;
    let most = 0;
    const { loop } = loopOf(
      async () => {
        polls++;
        most = Math.max(most, ++concurrent);
        await new Promise((resolve) => setTimeout(resolve, 100));
        concurrent--;
      },
      { intervalMs: 60_000 },
    );
    loop.start();
    loop.kick();
    await jest.advanceTimersByTimeAsync(150);
    expect(polls).toBe(1);
    loop.kick();
    await jest.advanceTimersByTimeAsync(150);
    expect(polls).toBe(2);
    expect(most).toBe(1);
    await loop.stop();
  });

  it('stop() waits for the poll under way and plans no other', async () => {
    let polls = 0;
    let finished = false;
    const { loop } = loopOf(async () => {
      polls++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    loop.start();
    const stopped = loop.stop();
    await jest.advanceTimersByTimeAsync(100);
    await stopped;
    expect(finished).toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(polls).toBe(1);
  });

  it('reports each poll to the health registry: failures counted, reset by a success', async () => {
    const registry = new WorkerHealthRegistry({ staleAfterMs: 1000 });
    const start = Date.now();
    let failing = true;
    const { loop } = loopOf(
      async () => {
        if (failing) throw new Error('down');
      },
      { health: registry },
    );
    loop.start();
    await jest.advanceTimersByTimeAsync(1600);
    expect(registry.get('queue')).toMatchObject({ consecutiveFailures: 3, intervalMs: 500 });
    expect(registry.isStale(registry.get('queue')!)).toBe(true);
    failing = false;
    await jest.advanceTimersByTimeAsync(2000);
    // Failures at 0, 500 and 1500 ms; the next attempt, at 3500 ms, succeeds.
    expect(registry.get('queue')).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: start + 3500 });
    expect(registry.isStale(registry.get('queue')!)).toBe(false);
    await loop.stop();
    expect(registry.has('queue')).toBe(false);
    registry.onModuleDestroy();
  });
});
