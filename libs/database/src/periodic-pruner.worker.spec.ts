import { Logger } from '@nestjs/common';
import { PeriodicPruner } from './periodic-pruner.worker';

class CountingPruner extends PeriodicPruner {
  runs = 0;
  failWith?: Error;

  constructor(intervalMs: number) {
    super({ name: 'CountingPruner', intervalMs, failed: (reason) => `Pruning failed: ${reason}` });
  }

  async prune(): Promise<number> {
    this.runs++;
    if (this.failWith) throw this.failWith;
    return this.runs;
  }
}

describe('PeriodicPruner', () => {
  afterEach(() => jest.useRealTimers());

  it('sweeps at start-up, then every interval on an unref’d timer, and stops at shutdown', async () => {
    jest.useFakeTimers();
    const pruner = new CountingPruner(1000);
    await pruner.onApplicationBootstrap();
    expect(pruner.runs).toBe(1);
    await jest.advanceTimersByTimeAsync(2500);
    expect(pruner.runs).toBe(3);
    pruner.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(5000);
    expect(pruner.runs).toBe(3);
  });

  it('with interval 0, sweeps at start-up only', async () => {
    jest.useFakeTimers();
    const pruner = new CountingPruner(0);
    await pruner.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(pruner.runs).toBe(1);
    pruner.onApplicationShutdown();
  });

  it('logs a failed sweep with the subclass’s message and never throws', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const pruner = new CountingPruner(0);
    pruner.failWith = new Error('database away');
    await expect(pruner.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Pruning failed: database away');
    warn.mockRestore();
  });

  it('start-up does not wait for the first sweep: a backlog is deleted while the server listens', async () => {
    let finish!: () => void;
    const pruner = new CountingPruner(0);
    jest.spyOn(pruner, 'prune').mockImplementation(() => new Promise<number>((resolve) => (finish = () => resolve(1))));
    await expect(pruner.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(pruner.prune).toHaveBeenCalledTimes(1);
    finish();
    pruner.onApplicationShutdown();
  });
});
