import { WorkerHealthRegistry } from './worker-health.registry';

describe('WorkerHealthRegistry', () => {
  let registry: WorkerHealthRegistry;
  beforeEach(() => (registry = new WorkerHealthRegistry({ staleAfterMs: 10_000 })));
  afterEach(() => registry.onModuleDestroy());

  it('lists each worker with its pace and stale time: the floor, or three intervals when longer', () => {
    registry.register('executions', { intervalMs: 500 }, 1000);
    registry.register('pruner', { intervalMs: 3_600_000 }, 1000);
    expect(registry.list()).toEqual([
      { name: 'executions', intervalMs: 500, staleAfterMs: 10_000, registeredAt: 1000, consecutiveFailures: 0 },
      { name: 'pruner', intervalMs: 3_600_000, staleAfterMs: 10_800_000, registeredAt: 1000, consecutiveFailures: 0 },
    ]);
  });

  it('refuses a second worker under a name already registered', () => {
    registry.register('executions', { intervalMs: 500 });
    expect(() => registry.register('executions', { intervalMs: 500 })).toThrow('A worker named "executions" is registered already');
  });

  it('counts failures in a row and resets them on a success, which it dates', () => {
    registry.register('executions', { intervalMs: 500 }, 0);
    expect(registry.failed('executions')).toBe(1);
    expect(registry.failed('executions')).toBe(2);
    registry.succeeded('executions', 5000);
    expect(registry.get('executions')).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: 5000 });
    expect(registry.failed('unknown')).toBe(0);
  });

  it('is stale past its stale time without a success, counted from its start before the first one', () => {
    registry.register('executions', { intervalMs: 500 }, 0);
    const at = (now: number) => registry.isStale(registry.get('executions')!, now);
    expect(at(10_000)).toBe(false);
    expect(at(10_001)).toBe(true);
    registry.succeeded('executions', 10_001);
    expect(at(20_001)).toBe(false);
    expect(at(20_002)).toBe(true);
  });

  it('forgets a worker that leaves', () => {
    registry.register('executions', { intervalMs: 500 });
    registry.unregister('executions');
    expect(registry.has('executions')).toBe(false);
    expect(registry.list()).toEqual([]);
  });
});
