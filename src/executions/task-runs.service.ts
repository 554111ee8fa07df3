import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Kysely, Transaction } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import type { McpTaskState } from '@kobana/mcp';
import { IdempotencyService } from '@kobana/idempotency';
import { monotonicNow } from '@kobana/host-kit';
import { dialectOf } from '@kobana/database';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { addUsage, monthlyUsage, planOf } from '../organizations/organization-usage.store';
import { findActiveTask } from '../tasks/task.store';
import { mayRunTask } from '../tasks/task-permissions.view';
import { RunTaskDto } from './dto/run-task.dto';
import { ExecutionView, toExecutionView } from './execution.view';
import { PlanLimitException } from './plan-limit.error';
import { ExecutionsService } from './executions.service';
import { EXECUTION_TASK } from './execution-task.view';
import { describeTask } from '../tasks/task-confirmation.view';
import { KaduConfirmationMessages, wordsList } from '../common/confirmation/kadu-confirmation.messages';

/** Queues executions: `POST /api/v1/tasks/:id/runs` and `kadu_tasks_run`. */
@Injectable()
export class TaskRunsService {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly idempotency: IdempotencyService<KaduDatabase>,
    private readonly executions: ExecutionsService,
  ) {}

  /**
   * Queues an execution and answers it at once (status `queued`); a worker
   * runs it. The quota is counted in the same transaction as the insert, so
   * concurrent runs cannot overshoot it.
   *
   * @throws NotFoundException the task, or an input file, is not in the caller's organization (or not ready).
   * @throws ForbiddenException the caller is not allowed to run this task.
   * @throws PlanLimitException (402) the monthly execution quota is used up.
   */
  @McpTool({
    name: 'kadu_tasks_run',
    output: ExecutionView,
    title: 'Run a task',
    description:
      'Queues an execution of a task on input files (ids of ready files, CSV: date,description,amount) and answers ' +
      'at once with the queued execution. Follow it with kadu_executions_get. Each call is one more execution, ' +
      'counted against the monthly quota, unless idempotency_key repeats.',
    scopes: ['kadu:run'],
    annotations: { destructiveHint: true, idempotentHint: false },
    confirmation: { describe: 'describeRun' },
    task: EXECUTION_TASK,
  })
  async run(@McpCaller() caller: McpCaller, @McpArgs() dto: RunTaskDto): Promise<ExecutionView> {
    return this.idempotency.run(caller, 'kadu_tasks_run', dto, async (trx) => {
      const task = await findActiveTask(trx, caller.organization_id, dto.id);
      if (!mayRunTask(caller, task)) throw new ForbiddenException('You are not allowed to run this task');
      const inputs = [...new Set(dto.input_file_ids)];
      await this.assertReadyFiles(trx, caller.organization_id, inputs);
      const now = monotonicNow();
      await this.assertQuota(trx, caller.organization_id, now);
      const row = {
        id: randomUUID(),
        organization_id: caller.organization_id,
        task_id: task.id,
        status: 'queued' as const,
        input_file_ids: JSON.stringify(inputs),
        answers: '[]',
        pending_questions: null,
        result: null,
        output_file_id: null,
        error: null,
        cost_cents: 0,
        created_by: caller.subject,
        worker_id: null,
        lease_expires_at: null,
        claim_count: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        started_at: null,
        finished_at: null,
      };
      await trx.insertInto('executions').values(row).execute();
      await addUsage(trx, caller.organization_id, row.created_at, { executions: 1 });
      return toExecutionView(row);
    });
  }

  /** The run's task follows its execution: these three are the execution's own (see `EXECUTION_TASK`). */
  taskState(caller: McpCaller, handle: ExecutionView): Promise<McpTaskState> {
    return this.executions.taskState(caller, handle);
  }

  taskUpdate(caller: McpCaller, handle: ExecutionView, responses: Record<string, Record<string, unknown>>): Promise<void> {
    return this.executions.taskUpdate(caller, handle, responses);
  }

  taskCancel(caller: McpCaller, handle: ExecutionView): Promise<void> {
    return this.executions.taskCancel(caller, handle);
  }

  /**
   * The task and its input files by name, for the person who confirms; the
   * same 404 and 403 as {@link run} (the quota is left to the run: it moves).
   */
  async describeRun(caller: McpCaller, dto: RunTaskDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_tasks_run', dto)) return KaduConfirmationMessages.replay();
    const task = await findActiveTask(this.db, caller.organization_id, dto.id);
    if (!mayRunTask(caller, task)) throw new ForbiddenException('You are not allowed to run this task');
    const inputs = [...new Set(dto.input_file_ids)];
    const files = await this.readyFiles(this.db, caller.organization_id, inputs);
    return KaduConfirmationMessages.taskRun(describeTask(task), wordsList(files, true));
  }

  /** Reads the files feature's table in this transaction: a file deleted meanwhile cannot slip in. */
  private async assertReadyFiles(trx: Transaction<KaduDatabase>, organizationId: string, ids: string[]): Promise<void> {
    await this.readyFiles(trx, organizationId, ids);
  }

  /** The names of the ready files, in the order of `ids`. @throws NotFoundException naming the first id that is not one. */
  private async readyFiles(trx: Kysely<KaduDatabase>, organizationId: string, ids: string[]): Promise<string[]> {
    const ready = await trx
      .selectFrom('files')
      .select(['id', 'filename'])
      .where('organization_id', '=', organizationId)
      .where('id', 'in', ids)
      .where('status', '=', 'ready')
      .where('deleted_at', 'is', null)
      .execute();
    const found = new Map(ready.map((row) => [row.id, row.filename]));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFoundException(`File not found: ${missing}`);
    return ids.map((id) => found.get(id) as string);
  }

  private async assertQuota(trx: Transaction<KaduDatabase>, organizationId: string, now: Date): Promise<void> {
    // PostgreSQL (READ COMMITTED) lets two replicas count the same usage and both insert: the organization's row
    // lock makes their runs take turns. SQLite serializes writers already, and has no FOR UPDATE.
    // NO KEY UPDATE, not UPDATE: the idempotency key inserted earlier in this transaction already holds
    // the row's KEY SHARE lock (its foreign key), and two runs upgrading that to FOR UPDATE deadlock.
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forNoKeyUpdate().execute();
    }
    const plan = await planOf(trx, organizationId);
    const usage = await monthlyUsage(trx, organizationId, now);
    if (usage.executions >= plan.monthly_execution_quota) {
      throw new PlanLimitException(
        `Monthly execution quota reached: ${usage.executions} of ${plan.monthly_execution_quota} executions on the ` +
          `${plan.name} plan in ${usage.period}; it resets on the 1st (UTC)`,
      );
    }
  }
}
