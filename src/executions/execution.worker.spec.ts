import { AgentOutcome } from './agent/agent-outcome.interface';
import type { StatementAgent } from './agent/statement-agent.service';
import type { ExecutionEvents } from './execution-events.service';
import type { ExecutionQueue } from './execution-queue.service';
import { ExecutionWorker } from './execution.worker';

/** The lease heartbeat alone, on fake timers: a queue that hands out one execution and counts renewals. */
describe('ExecutionWorker lease renewal', () => {
  const LEASE_MS = 3000;
  let renew: jest.Mock;
  let finishRun: (outcome: AgentOutcome) => void;
  let worker: ExecutionWorker;

  beforeEach(() => {
    jest.useFakeTimers();
    renew = jest.fn().mockResolvedValue(true);
    const queue = {
      claim: jest.fn().mockResolvedValueOnce({ id: 'e1', organization_id: 'o1' }).mockResolvedValue(undefined),
      renew,
      complete: jest.fn().mockResolvedValue(undefined),
      release: jest.fn().mockResolvedValue(true),
    } as unknown as ExecutionQueue;
    const agent = { process: () => new Promise<AgentOutcome>((resolve) => (finishRun = resolve)) } as unknown as StatementAgent;
    worker = new ExecutionWorker(queue, agent, {} as ExecutionEvents, { pollMs: 0, leaseMs: LEASE_MS, handBackMs: 10 });
  });
  afterEach(() => jest.useRealTimers());

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
