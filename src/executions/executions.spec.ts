import { firstValueFrom } from 'rxjs';
import { MemoryExecutionFiles, openUnitWorld, UnitWorld } from '../../test/support/kadu-unit';
import { addUsage } from '../organizations/organization-usage.store';
import { OrganizationsService } from '../organizations/organizations.service';
import { PLANS } from '../organizations/plan-catalog.constants';
import { TaskPermissionsService } from '../tasks/task-permissions.service';
import { TasksService } from '../tasks/tasks.service';
import { StatementAgent } from './agent/statement-agent.service';
import { ExecutionEvents } from './execution-events.service';
import { ExecutionQueue } from './execution-queue.service';
import { ExecutionWorker } from './execution.worker';
import { ExecutionsService } from './executions.service';
import { TaskRunsService } from './task-runs.service';

const CSV = 'date,description,amount\n2026-01-02,Tarifa bancaria,-12.50\n2026-01-03,"PIX recebido, cliente",100.00\n2026-01-04,Tarifa DOC,-2.5\n';

describe('task runs, executions and the worker', () => {
  let world: UnitWorld;
  let files: MemoryExecutionFiles;
  let tasks: TasksService;
  let runs: TaskRunsService;
  let executions: ExecutionsService;
  let events: ExecutionEvents;
  let queue: ExecutionQueue;
  let worker: ExecutionWorker;

  beforeEach(async () => {
    world = await openUnitWorld();
    files = new MemoryExecutionFiles(world.db);
    tasks = new TasksService(world.db, world.idempotency);
    events = new ExecutionEvents();
    executions = new ExecutionsService(world.db, world.idempotency, events);
    runs = new TaskRunsService(world.db, world.idempotency, executions);
    queue = new ExecutionQueue(world.db);
    worker = new ExecutionWorker(queue, new StatementAgent(world.db, files), events, { pollMs: 0, leaseMs: 60_000, handBackMs: 5000 });
  });
  afterEach(() => world.db.destroy());

  async function queued(
    rules = [
      { category: 'fees', match: 'tarifa' },
      { category: 'income', match: 'pix' },
    ],
    csv = CSV,
  ) {
    const owner = world.caller(world.orgA);
    const task = await tasks.create(owner, { name: 'Statement', rules });
    const fileId = await files.put(world.orgA, 'jan.csv', csv);
    return { owner, task, fileId, execution: await runs.run(owner, { id: task.id, input_file_ids: [fileId] }) };
  }

  it('queues at once, then the worker categorizes, totals, writes the output and announces it', async () => {
    const finished = firstValueFrom(events.finished$);
    const { owner, execution } = await queued();
    expect(execution).toMatchObject({ status: 'queued', cost_cents: 0, result: null, created_by: owner.subject });
    expect(await worker.runOnce()).toBe(true);
    const done = await executions.get(owner, { id: execution.id });
    expect(done).toMatchObject({
      status: 'succeeded',
      cost_cents: 5 + 3,
      result: {
        lines: 3,
        categories: [
          { category: 'fees', lines: 2, total: '-15.00' },
          { category: 'income', lines: 1, total: '100.00' },
        ],
      },
      output_file_id: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(JSON.parse(files.stored.get(done.output_file_id!)!.bytes.toString())).toMatchObject({ lines: 3 });
    await expect(finished).resolves.toEqual({ organization_id: world.orgA, execution: done });
    expect(await worker.runOnce()).toBe(false);
    await expect(new OrganizationsService(world.db).get(owner)).resolves.toMatchObject({ usage: { executions: 1, cost_cents: 8 } });
  });

  it('waits for input on an unmatched line, and continue applies the answers and re-queues', async () => {
    const { owner, execution } = await queued([{ category: 'fees', match: 'TARIFA' }]);
    await worker.runOnce();
    const waiting = await executions.get(owner, { id: execution.id });
    expect(waiting).toMatchObject({ status: 'waiting_input', pending_questions: [{ line: 2, description: 'PIX recebido, cliente', amount: '100.00' }] });
    await expect(executions.continue(owner, { id: execution.id, answers: [{ line: 9, category: 'x' }] })).rejects.toMatchObject({ status: 400 });
    await expect(executions.continue(owner, { id: execution.id, answers: [{ line: 2, category: 'income' }] })).resolves.toMatchObject({
      status: 'queued',
      pending_questions: null,
    });
    await expect(executions.continue(owner, { id: execution.id, answers: [{ line: 2, category: 'income' }] })).rejects.toMatchObject({ status: 409 });
    await worker.runOnce();
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({ status: 'succeeded', result: { lines: 3 } });
  });

  it('as a task, follows the execution: working, input_required with its lines, then completed with the execution', async () => {
    const { owner, execution } = await queued([{ category: 'fees', match: 'TARIFA' }]);
    await expect(runs.taskState(owner, execution)).resolves.toEqual({ status: 'working', statusMessage: 'Queued: a worker will start it' });
    await worker.runOnce();
    const waiting = await executions.get(owner, { id: execution.id });
    const key = `categories-${Date.parse(waiting.updated_at)}`;
    const state = await runs.taskState(owner, execution);
    expect(state).toEqual({
      status: 'input_required',
      statusMessage: 'Waiting for categories',
      inputRequests: {
        [key]: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: expect.stringContaining('1 line(s)'),
            requestedSchema: {
              type: 'object',
              properties: { line_2: { type: 'string', title: 'Line 2: PIX recebido, cliente (100.00)', minLength: 1, maxLength: 100 } },
              required: ['line_2'],
            },
          },
        },
      },
    });
    // Another key, a declined form: nothing changes. An empty category: the continue route's 400.
    await runs.taskUpdate(owner, execution, { 'categories-1': { action: 'accept', content: { line_2: 'income' } }, [key]: { action: 'decline' } });
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({ status: 'waiting_input' });
    await expect(runs.taskUpdate(owner, execution, { [key]: { action: 'accept', content: { line_2: '' } } })).rejects.toMatchObject({ status: 400 });
    await runs.taskUpdate(owner, execution, { [key]: { action: 'accept', content: { line_2: 'income' } } });
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({ status: 'queued', pending_questions: null });
    await worker.runOnce();
    const done = await executions.get(owner, { id: execution.id });
    await expect(runs.taskState(owner, execution)).resolves.toEqual({ status: 'completed', statusMessage: 'Succeeded', result: done });
  });

  it('as a task, cancels with the cancel rules and reports cancelled; a failed execution is a completed task with isError', async () => {
    const { owner, execution } = await queued();
    await runs.taskCancel(owner, execution);
    await expect(runs.taskState(owner, execution)).resolves.toEqual({ status: 'cancelled', statusMessage: 'Cancelled' });
    await expect(runs.taskCancel(owner, execution)).rejects.toMatchObject({ status: 409 });

    const bad = await queued(undefined, 'not,a,statement');
    await worker.runOnce();
    const failed = await executions.get(bad.owner, { id: bad.execution.id });
    expect(failed.status).toBe('failed');
    await expect(runs.taskState(bad.owner, bad.execution)).resolves.toEqual({
      status: 'completed',
      statusMessage: `Failed: ${failed.error}`,
      result: failed,
      isError: true,
    });
  });

  it('fails with a clear error when the plan cost ceiling would be exceeded', async () => {
    const lines = Array.from({ length: PLANS.free.per_execution_cost_ceiling_cents }, (_, i) => `2026-01-01,Tarifa ${i},-1.00`);
    const { owner, execution } = await queued(undefined, `date,description,amount\n${lines.join('\n')}\n`);
    await worker.runOnce();
    const failed = await executions.get(owner, { id: execution.id });
    expect(failed).toMatchObject({ status: 'failed', cost_cents: 0, result: null });
    expect(failed.error).toMatch(/Cost ceiling exceeded: this execution would cost 55 cents .* ceiling of 50 cents/);
  });

  it('fails clearly on a CSV that is not a statement', async () => {
    const { owner, execution } = await queued(undefined, 'date,description,amount\n2026-01-01,x,lots\n');
    await worker.runOnce();
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({
      status: 'failed',
      error: 'jan.csv, line 2: amount "lots" is not a number',
    });
  });

  it('enforces the monthly quota with 402 and a JSON body', async () => {
    const { owner, task, fileId } = await queued();
    const now = new Date().toISOString();
    const rows = Array.from({ length: PLANS.free.monthly_execution_quota - 1 }, (_, i) => ({
      id: `filler-${i}`,
      organization_id: world.orgA,
      task_id: task.id,
      status: 'succeeded' as const,
      input_file_ids: '[]',
      answers: '[]',
      pending_questions: null,
      result: null,
      output_file_id: null,
      error: null,
      cost_cents: 1,
      created_by: 'x',
      worker_id: null,
      lease_expires_at: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
    }));
    await world.db.insertInto('executions').values(rows).execute();
    // Counted as their runs would have counted them.
    await addUsage(world.db, world.orgA, now, { executions: rows.length, costCents: rows.length });
    await expect(runs.run(owner, { id: task.id, input_file_ids: [fileId] })).rejects.toMatchObject({
      status: 402,
      response: { statusCode: 402, error: 'Payment Required', message: expect.stringContaining('Monthly execution quota reached: 100 of 100') },
    });
    // Organization B has its own quota.
    const b = world.caller(world.orgB);
    const taskB = await tasks.create(b, { name: 'B' });
    await expect(runs.run(b, { id: taskB.id, input_file_ids: [await files.put(world.orgB, 'b.csv', CSV)] })).resolves.toMatchObject({ status: 'queued' });
  });

  it("refuses callers the task's permissions leave out, and files or tasks of another organization", async () => {
    const { task, fileId } = await queued();
    await expect(runs.run(world.caller(world.orgA, 'viewer'), { id: task.id, input_file_ids: [fileId] })).rejects.toMatchObject({ status: 403 });
    await new TaskPermissionsService(world.db, world.idempotency).update(world.caller(world.orgA), { id: task.id, roles: [], user_ids: ['viewer-x'] });
    await expect(runs.run(world.caller(world.orgA, 'viewer', 'viewer-x'), { id: task.id, input_file_ids: [fileId] })).resolves.toBeDefined();
    await expect(runs.run(world.caller(world.orgA, 'owner'), { id: task.id, input_file_ids: [fileId] })).rejects.toMatchObject({ status: 403 });
    const b = world.caller(world.orgB);
    await expect(runs.run(b, { id: task.id, input_file_ids: [fileId] })).rejects.toMatchObject({ status: 404, response: { message: 'Task not found' } });
    const taskB = await tasks.create(b, { name: 'B' });
    await expect(runs.run(b, { id: taskB.id, input_file_ids: [fileId] })).rejects.toMatchObject({
      status: 404,
      response: { message: `File not found: ${fileId}` },
    });
  });

  it('does not run a deleted task, and isolates executions between organizations', async () => {
    const { owner, task, fileId, execution } = await queued();
    const b = world.caller(world.orgB);
    await expect(executions.get(b, { id: execution.id })).rejects.toMatchObject({ status: 404 });
    await expect(executions.cancel(b, { id: execution.id })).rejects.toMatchObject({ status: 404 });
    await expect(executions.continue(b, { id: execution.id, answers: [{ line: 1, category: 'x' }] })).rejects.toMatchObject({ status: 404 });
    expect((await executions.list(b, {})).data).toEqual([]);
    await tasks.delete(owner, { id: task.id });
    await expect(runs.run(owner, { id: task.id, input_file_ids: [fileId] })).rejects.toMatchObject({ status: 404 });
    await worker.runOnce();
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({
      status: 'failed',
      error: 'The task was deleted before the execution ran',
    });
  });

  it('cancels queued executions once (409 after), announcing it, and the worker never runs them', async () => {
    const { owner, execution } = await queued();
    const announced = firstValueFrom(events.finished$);
    await expect(executions.cancel(owner, { id: execution.id })).resolves.toMatchObject({ status: 'cancelled' });
    await expect(announced).resolves.toMatchObject({ execution: { id: execution.id, status: 'cancelled' } });
    await expect(executions.cancel(owner, { id: execution.id })).rejects.toMatchObject({
      status: 409,
      response: { message: 'Execution is already cancelled' },
    });
    expect(await worker.runOnce()).toBe(false);
  });

  it('a running execution cancelled meanwhile stays cancelled when its worker finishes', async () => {
    const { owner, execution } = await queued();
    const claimed = await queue.claim('w1', 60_000);
    await executions.cancel(owner, { id: execution.id });
    await expect(queue.complete(claimed!.id, 'w1', { status: 'failed', error: 'x', cost_cents: 0 })).resolves.toBeUndefined();
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('two workers never claim the same execution; an expired lease is taken back', async () => {
    const { owner, execution } = await queued();
    const [one, two] = await Promise.all([queue.claim('w1', 60_000), queue.claim('w2', 60_000)]);
    expect([one?.id, two?.id].filter(Boolean)).toEqual([execution.id]);
    expect(await queue.claim('w3', 60_000)).toBeUndefined();
    // w1 "dies": once its lease has passed, another worker takes the execution and finishes it.
    const later = new Date(Date.now() + 61_000);
    const taken = await queue.claim('w3', 60_000, later);
    expect(taken).toMatchObject({ id: execution.id, worker_id: 'w3', started_at: (one ?? two)!.started_at });
    await expect(queue.complete(execution.id, 'w1', { status: 'failed', error: 'late', cost_cents: 0 })).resolves.toBeUndefined();
    await expect(queue.complete(execution.id, 'w3', { status: 'failed', error: 'x', cost_cents: 0 })).resolves.toMatchObject({ status: 'failed' });
    await expect(executions.get(owner, { id: execution.id })).resolves.toMatchObject({ status: 'failed', error: 'x' });
  });

  it('lists with filters and cursor', async () => {
    const { owner, task, fileId } = await queued();
    await runs.run(owner, { id: task.id, input_file_ids: [fileId] });
    await worker.runOnce();
    const all = await executions.list(owner, { limit: 1 });
    expect(all.data).toHaveLength(1);
    const next = await executions.list(owner, { limit: 1, cursor: all.meta.next_cursor! });
    expect(next.data[0].id).not.toBe(all.data[0].id);
    expect((await executions.list(owner, { status: 'succeeded' })).data).toHaveLength(1);
    expect((await executions.list(owner, { task_id: 'nope' })).data).toHaveLength(0);
    expect((await executions.list(owner, { created_from: '2000-01-01T00:00:00Z', created_to: '2000-02-01T00:00:00Z' })).data).toHaveLength(0);
    expect((await executions.list(owner, { created_from: '2000-01-01T00:00:00Z' })).data).toHaveLength(2);
  });

  it('one idempotency_key, one execution, even concurrently', async () => {
    const { owner, task, fileId } = await queued();
    const dto = { id: task.id, input_file_ids: [fileId], idempotency_key: 'run-1' };
    const results = await Promise.all([runs.run(owner, { ...dto }), runs.run(owner, { ...dto }), runs.run(owner, { ...dto })]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await executions.list(owner, {})).data).toHaveLength(2);
  });
});
