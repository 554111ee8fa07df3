import { webhookRetryDelayMs } from './webhook-backoff.util';

describe('webhookRetryDelayMs', () => {
  it('waits the base after the first failure, then doubles', () => {
    expect([1, 2, 3, 4].map((attempt) => webhookRetryDelayMs(attempt, 200))).toEqual([200, 400, 800, 1600]);
    expect([1, 2, 3].map((attempt) => webhookRetryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000]);
  });

  it('never waits more than an hour', () => {
    expect(webhookRetryDelayMs(30, 30_000)).toBe(3_600_000);
  });
});
