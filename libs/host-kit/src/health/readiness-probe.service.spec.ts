import { WorkerHealthRegistry } from '@kobana/database';
import { ReadinessFailure } from './readiness-check.interface';
import { ReadinessProbe } from './readiness-probe.service';

describe('ReadinessProbe', () => {
  let workers: WorkerHealthRegistry;
  beforeEach(() => {
    jest.useFakeTimers();
    workers = new WorkerHealthRegistry({ staleAfterMs: 5000 });
  });
  afterEach(() => {
    workers.onModuleDestroy();
    jest.useRealTimers();
  });

  const never = () => new Promise<void>(() => undefined);

  it('answers within its budget when a check never does, naming that check', async () => {
    const probe = new ReadinessProbe(
      {
        timeoutMs: 1000,
        checks: [
          { name: 'database', check: never },
          { name: 'redis', check: () => Promise.resolve() },
        ],
      },
      workers,
    );
    let report: Awaited<ReturnType<ReadinessProbe['run']>> | undefined;
    void probe.run().then((value) => (report = value));
    await jest.advanceTimersByTimeAsync(999);
    expect(report).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(report?.checks).toEqual([
      ['database', 'no answer within 1000 ms'],
      ['redis', 'ok'],
    ]);
  });

  it('joins a check still running from an earlier probe instead of starting it again', async () => {
    const check = jest.fn(never);
    const probe = new ReadinessProbe({ timeoutMs: 100, checks: [{ name: 'database', check }] }, workers);
    for (let i = 0; i < 3; i++) {
      const run = probe.run();
      await jest.advanceTimersByTimeAsync(100);
      await run;
    }
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('runs a check again once its earlier run has ended, and shows a ReadinessFailure’s words, any other error as "failed"', async () => {
    const check = jest
      .fn()
      .mockRejectedValueOnce(new ReadinessFailure('2 migration(s) not applied'))
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.7:5432'))
      .mockResolvedValue(undefined);
    const probe = new ReadinessProbe({ timeoutMs: 100, checks: [{ name: 'migrations', check }] }, workers);
    expect((await probe.run()).checks).toEqual([['migrations', '2 migration(s) not applied']]);
    expect((await probe.run()).checks).toEqual([['migrations', 'failed']]);
    expect((await probe.run()).checks).toEqual([['migrations', 'ok']]);
  });

  it('names a worker without a successful poll past its stale time, with its details', async () => {
    const probe = new ReadinessProbe({ timeoutMs: 100, checks: [] }, workers);
    workers.register('executions', { intervalMs: 500 }, 0);
    workers.register('webhook-deliveries', { intervalMs: 1000 }, 0);
    workers.succeeded('executions', 1000);
    workers.failed('executions');
    workers.failed('executions');
    workers.succeeded('webhook-deliveries', 6000);
    const report = await probe.run(8000);
    expect(report.checks).toEqual([
      ['worker:executions', 'no successful poll for 7 s (2 failed in a row)'],
      ['worker:webhook-deliveries', 'ok'],
    ]);
    expect(report.workers).toEqual({
      executions: { last_success_at: new Date(1000).toISOString(), consecutive_failures: 2, stale_after_ms: 5000 },
      'webhook-deliveries': { last_success_at: new Date(6000).toISOString(), consecutive_failures: 0, stale_after_ms: 5000 },
    });
  });

  it('reports no workers when the application has no registry', async () => {
    const probe = new ReadinessProbe({ timeoutMs: 100, checks: [] });
    expect(await probe.run()).toEqual({ checks: [], workers: {} });
  });
});
