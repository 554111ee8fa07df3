import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Rows one statement of a sweep deletes at most: a few milliseconds of
 * SQLite's write lock (which stops every other writer, and on one process
 * every request, since better-sqlite3 is synchronous), and a short
 * transaction on PostgreSQL. @default 500
 */
export const DELETE_BATCH_ROWS = 500;

/**
 * How long a sweep rests after each batch, as a multiple of the time the
 * batch took (pt-archiver's `--sleep-coef`): 3 keeps a sweep to a quarter
 * of the process's time at most. A request is several turns of the event
 * loop (its socket, its guards, its statements, its answer); a sweep that
 * only yielded a turn between batches ran one before most of them, and on
 * SQLite a call answered in 2 ms took 20 to 100 while a backlog was swept.
 * A backlog then takes four times as long to clear, in the background.
 * @default 3
 */
export const DELETE_PAUSE_FACTOR = 3;

/** The stop signal of the sweep under way in this async context (see {@link runSweep}). */
const sweeps = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `sweep` so that every {@link deleteInBatches} inside it ends after its
 * current batch once `signal` aborts: a pruner stopping at shutdown does not
 * wait for a backlog (what is left is deleted by the next sweep, on any
 * replica). `PeriodicPruner` runs each of its sweeps so.
 */
export function runSweep<T>(signal: AbortSignal, sweep: () => Promise<T>): Promise<T> {
  return sweeps.run(signal, sweep);
}

/**
 * Deletes in bounded batches until one deletes fewer than `batchRows`,
 * resting between batches {@link DELETE_PAUSE_FACTOR} times as long as the
 * batch took (at least a turn of the event loop), so a backlog of a million
 * expired rows costs a request a batch's wait now and then, never the whole
 * sweep, and the sweep never holds the process for most of its time.
 * `deleteBatch(limit)` deletes at most `limit` rows and answers how many
 * (`numDeletedRows`); it must make progress (delete what it reports), so the
 * loop ends. Inside {@link runSweep}, it ends early, after the batch under
 * way, once the sweep's signal aborts.
 *
 * @returns the rows deleted in all.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<bigint | number>, batchRows = DELETE_BATCH_ROWS): Promise<number> {
  let total = 0;
  for (;;) {
    const started = performance.now();
    const deleted = Number(await deleteBatch(batchRows));
    total += deleted;
    if (deleted < batchRows || !(await restAfterBatch(started))) return total;
  }
}

/**
 * The rest a sweep takes after a batch that began at `started`
 * (`performance.now()`): {@link DELETE_PAUSE_FACTOR} times as long as the
 * batch took, at least a turn of the event loop. For a sweep that pages its
 * own way (not through {@link deleteInBatches}).
 *
 * @returns false when the sweep is stopping (see {@link runSweep}): end it now.
 */
export async function restAfterBatch(started: number): Promise<boolean> {
  const signal = sweeps.getStore();
  if (signal?.aborted) return false;
  try {
    await sleep((performance.now() - started) * DELETE_PAUSE_FACTOR, undefined, { signal });
    return true;
  } catch {
    // Aborted during the rest: the sweep is stopping.
    return false;
  }
}
