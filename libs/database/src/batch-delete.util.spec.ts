import { deleteInBatches } from './batch-delete.util';

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
});
