import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
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

/** A reader collected on demand. */
class TestReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

describe('WorkerHealthRegistry metrics', () => {
  afterEach(() => metrics.disable());

  it('exports each worker’s failures in a row and time since its last success, by name', async () => {
    const reader = new TestReader();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    const registry = new WorkerHealthRegistry({ staleAfterMs: 10_000 });
    const now = Date.now();
    registry.register('executions', { intervalMs: 500 }, now - 60_000);
    registry.succeeded('executions', now - 30_000);
    registry.failed('executions');
    registry.failed('executions');
    registry.register('webhook-deliveries', { intervalMs: 1000 }, now - 5000);
    const { resourceMetrics } = await reader.collect();
    const points = (name: string) =>
      Object.fromEntries(
        resourceMetrics.scopeMetrics
          .flatMap((scope) => scope.metrics)
          .find((metric) => metric.descriptor.name === name)!
          .dataPoints.map((point) => [point.attributes['kobana.worker.name'], point.value]),
      );
    expect(points('kobana.worker.consecutive_failures')).toEqual({ executions: 2, 'webhook-deliveries': 0 });
    const since = points('kobana.worker.time_since_success');
    expect(since.executions).toBeGreaterThanOrEqual(30);
    expect(since.executions).toBeLessThan(31);
    expect(since['webhook-deliveries']).toBeGreaterThanOrEqual(5);
    expect(since['webhook-deliveries']).toBeLessThan(6);
    registry.onModuleDestroy();
  });
});
