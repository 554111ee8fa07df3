import { performance } from 'node:perf_hooks';
import { deleteInBatches, DELETE_PAUSE_FACTOR, runSweep } from './batch-delete.util';

/** Keeps the thread busy for `ms`, as a synchronous SQLite statement does. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('deleteInBatches', () => {
  it('deletes batch after batch until one comes back short, and answers the total', async () => {
    const asked: number[] = [];
    let left = 1050;
    const total = await deleteInBatches(async (limit) => {
      asked.push(limit);
      const deleted = Math.min(limit, left);
      left -= deleted;
      return BigInt(deleted);
    }, 500);
    expect(total).toBe(1050);
    expect(asked).toEqual([500, 500, 500]);
  });

  it('gives the event loop a turn between batches: work queued meanwhile runs before the next batch', async () => {
    const order: string[] = [];
    let batches = 0;
    await deleteInBatches(async (limit) => {
      order.push(`batch ${++batches}`);
      // A request arriving while this batch runs: it must not wait for the whole sweep.
      if (batches === 1) setImmediate(() => order.push('request'));
      return batches < 3 ? limit : 0;
    }, 10);
    expect(order).toEqual(['batch 1', 'request', 'batch 2', 'batch 3']);
  });

  it('rests DELETE_PAUSE_FACTOR times as long as a batch took before the next, so a sweep holds the process a quarter of the time at most', async () => {
    const BATCH_MS = 20;
    const ended: number[] = [];
    const began: number[] = [];
    await deleteInBatches(async (limit) => {
      began.push(performance.now());
      block(BATCH_MS);
      ended.push(performance.now());
      return began.length < 3 ? limit : 0;
    }, 10);
    expect(began).toHaveLength(3);
    // Timers fire late on a busy machine, never early: the pauses are at least this long.
    for (const n of [1, 2]) expect(began[n] - ended[n - 1]).toBeGreaterThanOrEqual(BATCH_MS * DELETE_PAUSE_FACTOR - 1);
  });

  it('inside runSweep, ends after the batch under way once the signal aborts, without waiting its pause', async () => {
    const stopping = new AbortController();
    let batches = 0;
    let abortedAt = 0;
    const total = await runSweep(stopping.signal, () =>
      deleteInBatches(async (limit) => {
        batches += 1;
        // A long batch, so its pause (300 ms) would be long; shutdown comes while the second runs.
        block(100);
        if (batches === 2) {
          stopping.abort();
          abortedAt = performance.now();
        }
        return limit;
      }, 10),
    );
    expect(batches).toBe(2);
    expect(total).toBe(20);
    // Back at once, not after the second batch's pause.
    expect(performance.now() - abortedAt).toBeLessThan(100);
  });

  it('outside runSweep, or with a signal never aborted, deletes until a batch comes back short', async () => {
    let left = 25;
    const total = await runSweep(new AbortController().signal, () =>
      deleteInBatches(async (limit) => {
        const deleted = Math.min(limit, left);
        left -= deleted;
        return deleted;
      }, 10),
    );
    expect(total).toBe(25);
  });
});
