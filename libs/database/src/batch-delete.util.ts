import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Rows one statement of a sweep deletes at most: a few milliseconds of
 * SQLite's write lock (which stops every other writer, and on one process
 * every request, since better-sqlite3 is synchronous), and a short
 * transaction on PostgreSQL. @default 500
 */
export const DELETE_BATCH_ROWS = 500;

/**
 * Deletes in bounded batches until one deletes fewer than `batchRows`,
 * yielding to the event loop between batches, so a backlog of a million
 * expired rows costs other requests a batch's wait at most, never the whole
 * sweep. `deleteBatch(limit)` deletes at most `limit` rows and answers how
 * many (`numDeletedRows`); it must make progress (delete what it reports),
 * so the loop ends.
 *
 * @returns the rows deleted in all.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<bigint | number>, batchRows = DELETE_BATCH_ROWS): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number(await deleteBatch(batchRows));
    total += deleted;
    if (deleted < batchRows) return total;
    await nextTurn();
  }
}
