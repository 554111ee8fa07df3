import { Logger } from '@nestjs/common';
import { WorkerHealthRegistry } from '@kobana/database';
import { hostname } from 'node:os';
import { AgentOutcome } from './agent/agent-outcome.interface';
import type { StatementAgent } from './agent/statement-agent.service';
import type { ExecutionEvents } from './execution-events.service';
import type { ExecutionQueue } from './execution-queue.service';
import { EXECUTION_WORKER_NAME, ExecutionWorker } from './execution.worker';

/** The lease heartbeat alone, on fake timers: a queue that hands out one execution and counts renewals. */
describe('ExecutionWorker lease renewal', () => {
  const LEASE_MS = 3000;
  let claim: jest.Mock;
  let renew: jest.Mock;
  let finishRun: (outcome: AgentOutcome) => void;
  let worker: ExecutionWorker;

  beforeEach(() => {
    jest.useFakeTimers();
    claim = jest.fn().mockResolvedValueOnce({ id: 'e1', organization_id: 'o1' }).mockResolvedValue(undefined);
    renew = jest.fn().mockResolvedValue(true);
    const queue = {
      claim,
      renew,
      complete: jest.fn().mockResolvedValue(undefined),
      release: jest.fn().mockResolvedValue(true),
    } as unknown as ExecutionQueue;
    const agent = { process: () => new Promise<AgentOutcome>((resolve) => (finishRun = resolve)) } as unknown as StatementAgent;
    worker = new ExecutionWorker(queue, agent, {} as ExecutionEvents, { pollMs: 0, leaseMs: LEASE_MS, handBackMs: 10 });
  });
  afterEach(() => jest.useRealTimers());

  it('claims as <host>:<pid>:<uuid>, one of its own per worker, so the replica holding an execution can be told', async () => {
    const prefix = `${hostname()}:${process.pid}:`;
    expect(worker.id.startsWith(prefix)).toBe(true);
    expect(worker.id.slice(prefix.length)).toMatch(/^[0-9a-f-]{36}$/);
    const other = new ExecutionWorker({} as ExecutionQueue, {} as StatementAgent, {} as ExecutionEvents, { pollMs: 0, leaseMs: LEASE_MS, handBackMs: 10 });
    expect(other.id).not.toBe(worker.id);
    const run = worker.runOnce();
    await jest.advanceTimersByTimeAsync(0);
    expect(claim).toHaveBeenCalledWith(worker.id, LEASE_MS);
    finishRun({ status: 'failed', error: 'x', cost_cents: 0 });
    await run;
  });

  it('renews every third of the lease while the agent runs, and stops when it is done', async () => {
    const run = worker.runOnce();
    await jest.advanceTimersByTimeAsync(LEASE_MS * 2);
    expect(renew.mock.calls).toEqual(Array.from({ length: 6 }, () => ['e1', worker.id, LEASE_MS]));
    finishRun({ status: 'failed', error: 'x', cost_cents: 0 });
    await run;
    await jest.advanceTimersByTimeAsync(LEASE_MS * 2);
    expect(renew).toHaveBeenCalledTimes(6);
  });

  it('stops renewing once the claim is lost (cancelled or taken over)', async () => {
    renew.mockResolvedValue(false);
    void worker.runOnce();
    await jest.advanceTimersByTimeAsync(LEASE_MS * 2);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('stops renewing at shutdown while the run never ends (handed back instead)', async () => {
    void worker.runOnce();
    await jest.advanceTimersByTimeAsync(LEASE_MS);
    expect(renew).toHaveBeenCalledTimes(3);
    const shutdown = worker.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(10);
    await shutdown;
    await jest.advanceTimersByTimeAsync(LEASE_MS * 2);
    expect(renew).toHaveBeenCalledTimes(3);
  });
});

/** A failed claim, on fake timers: the next run and the next poll start afresh. */
describe('ExecutionWorker after a failed claim', () => {
  afterEach(() => jest.useRealTimers());

  function workerOn(claim: jest.Mock, pollMs: number, health?: WorkerHealthRegistry) {
    const queue = { claim, renew: jest.fn(), complete: jest.fn().mockResolvedValue(undefined), release: jest.fn() } as unknown as ExecutionQueue;
    const agent = { process: () => Promise.resolve({ status: 'failed', error: 'x', cost_cents: 0 }) } as unknown as StatementAgent;
    return new ExecutionWorker(queue, agent, {} as ExecutionEvents, { pollMs, leaseMs: 3000, handBackMs: 10 }, health);
  }

  it('runs the next execution after a run whose claim failed, instead of failing with the same error', async () => {
    const claim = jest
      .fn()
      .mockRejectedValueOnce(new Error('permission denied for table executions'))
      .mockResolvedValueOnce({ id: 'e1', organization_id: 'o1' });
    const worker = workerOn(claim, 0);
    await expect(worker.runOnce()).rejects.toThrow('permission denied for table executions');
    await expect(worker.runOnce()).resolves.toBe(true);
    expect(claim).toHaveBeenCalledTimes(2);
  });

  it('keeps polling with backoff while claims fail, reports the failures, and works the queue once they succeed', async () => {
    jest.useFakeTimers();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const registry = new WorkerHealthRegistry({ staleAfterMs: 1000 });
    let failing = true;
    let claims = 0;
    // Once claims succeed, every other one finds an execution.
    const claim = jest.fn(async (): Promise<{ id: string; organization_id: string } | undefined> => {
      claims++;
      if (failing) throw new Error('permission denied for table executions');
      return claims % 2 === 0 ? { id: `e${claims}`, organization_id: 'o1' } : undefined;
    });
    const worker = workerOn(claim, 100, registry);
    worker.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(3000);
    const failedClaims = claim.mock.calls.length;
    // Backing off: far fewer than one claim per 100 ms, yet still trying.
    expect(failedClaims).toBeGreaterThanOrEqual(4);
    expect(failedClaims).toBeLessThan(10);
    expect(registry.get(EXECUTION_WORKER_NAME)?.consecutiveFailures).toBe(failedClaims);
    failing = false;
    await jest.advanceTimersByTimeAsync(5000);
    expect(claim.mock.calls.length).toBeGreaterThan(failedClaims + 20);
    expect(registry.get(EXECUTION_WORKER_NAME)?.consecutiveFailures).toBe(0);
    await worker.onModuleDestroy();
    registry.onModuleDestroy();
    jest.restoreAllMocks();
  });
});
