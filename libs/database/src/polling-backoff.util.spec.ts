import { pollingBackoffMs } from './polling-backoff.util';

describe('pollingBackoffMs', () => {
  it('doubles the ceiling with each failure, from the base', () => {
    const ceilings = [1, 2, 3, 4, 5].map((failures) => pollingBackoffMs(failures, 500, 60_000, () => 0.999999));
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('takes a random half off, so the pause lies between half the ceiling and the ceiling', () => {
    expect(pollingBackoffMs(3, 500, 60_000, () => 0)).toBe(1000);
    expect(pollingBackoffMs(3, 500, 60_000, () => 0.5)).toBe(1500);
  });

  it('never exceeds the maximum, however long the failures last', () => {
    expect(pollingBackoffMs(10, 500, 30_000, () => 0.999999)).toBe(30_000);
    expect(pollingBackoffMs(10_000, 500, 30_000, () => 0.999999)).toBe(30_000);
  });

  it('treats a zero base as one millisecond rather than spinning without pause', () => {
    expect(pollingBackoffMs(1, 0, 30_000, () => 0.999999)).toBe(1);
    expect(pollingBackoffMs(5, 0, 30_000, () => 0.999999)).toBe(16);
  });
});
