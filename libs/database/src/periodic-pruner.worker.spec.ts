import { Injectable, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { deleteInBatches } from './batch-delete.util';
import { PeriodicPruner } from './periodic-pruner.worker';
import { WorkerHealthModule } from './worker-health.module';
import { WorkerHealthRegistry } from './worker-health.registry';

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

/** A pruner whose sweep has a long backlog: batches until told to stop. */
class BacklogPruner extends PeriodicPruner {
  batches = 0;

  constructor() {
    super({ name: 'BacklogPruner', intervalMs: 0, failed: (reason) => `Pruning failed: ${reason}` });
  }

  async prune(): Promise<number> {
    return deleteInBatches(async (limit) => {
      this.batches++;
      return limit;
    }, 10);
  }
}

/** A pruner Nest builds, as the libraries' pruners are, so the registry is injected into the base class's property. */
@Injectable()
class InjectedPruner extends PeriodicPruner {
  failWith?: Error;

  constructor() {
    super({ name: 'InjectedPruner', intervalMs: 0, failed: (reason) => `Pruning failed: ${reason}` });
  }

  async prune(): Promise<void> {
    if (this.failWith) throw this.failWith;
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
    await pruner.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(5000);
    expect(pruner.runs).toBe(3);
  });

  it('at shutdown, a sweep under way ends after its current batch instead of deleting the whole backlog first', async () => {
    const pruner = new BacklogPruner();
    await pruner.onApplicationBootstrap();
    // A few batches in: the backlog is endless, so only the stop can end this sweep.
    while (pruner.batches < 3) await new Promise((resolve) => setImmediate(resolve));
    await pruner.beforeApplicationShutdown();
    const stoppedAt = pruner.batches;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pruner.batches).toBe(stoppedAt);
  });

  it('with interval 0, sweeps at start-up only', async () => {
    jest.useFakeTimers();
    const pruner = new CountingPruner(0);
    await pruner.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(pruner.runs).toBe(1);
    await pruner.beforeApplicationShutdown();
  });

  it('logs a failed sweep with the subclass’s message and never throws', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const pruner = new CountingPruner(0);
    pruner.failWith = new Error('database away');
    await expect(pruner.onApplicationBootstrap()).resolves.toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Pruning failed: database away \(1 in a row; next attempt in \d+ ms\)$/));
    await pruner.beforeApplicationShutdown();
    warn.mockRestore();
  });

  it('tries a failed sweep again with growing pauses, then keeps its interval once one succeeds', async () => {
    jest.useFakeTimers();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Math, 'random').mockReturnValue(0.999999);
    const pruner = new CountingPruner(1000);
    pruner.failWith = new Error('database away');
    await pruner.onApplicationBootstrap();
    // Failures at 0, then after 1000 and 2000 ms: the pause doubles.
    await jest.advanceTimersByTimeAsync(1000);
    expect(pruner.runs).toBe(2);
    await jest.advanceTimersByTimeAsync(1999);
    expect(pruner.runs).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(pruner.runs).toBe(3);
    pruner.failWith = undefined;
    await jest.advanceTimersByTimeAsync(4000);
    expect(pruner.runs).toBe(4);
    // Back to its interval of a second.
    await jest.advanceTimersByTimeAsync(3000);
    expect(pruner.runs).toBe(7);
    await pruner.beforeApplicationShutdown();
    jest.restoreAllMocks();
  });

  it('reports each sweep to the worker health registry under its name, and leaves it at shutdown', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const moduleRef = await Test.createTestingModule({
      imports: [WorkerHealthModule.forRootAsync({ useFactory: () => ({}) })],
      providers: [InjectedPruner],
    }).compile();
    const registry = moduleRef.get(WorkerHealthRegistry);
    const pruner = moduleRef.get(InjectedPruner);
    pruner.failWith = new Error('database away');
    await pruner.onApplicationBootstrap();
    await new Promise((resolve) => setImmediate(resolve));
    expect(registry.get('InjectedPruner')).toMatchObject({ consecutiveFailures: 1 });
    expect(registry.get('InjectedPruner')?.lastSuccessAt).toBeUndefined();
    await pruner.beforeApplicationShutdown();
    expect(registry.has('InjectedPruner')).toBe(false);
    await moduleRef.close();
    jest.restoreAllMocks();
  });

  it('start-up does not wait for the first sweep: a backlog is deleted while the server listens', async () => {
    let finish!: () => void;
    const pruner = new CountingPruner(0);
    jest.spyOn(pruner, 'prune').mockImplementation(() => new Promise<number>((resolve) => (finish = () => resolve(1))));
    await expect(pruner.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(pruner.prune).toHaveBeenCalledTimes(1);
    finish();
    await pruner.beforeApplicationShutdown();
  });
});
