import { Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { IdempotencyService } from '@kobana/idempotency';
import { keysetPage } from '../common/pagination/keyset-page.util';
import { Page } from '../common/pagination/page.interface';
import { PageView } from '../common/pagination/page.view';
import { monotonicNow } from '@kobana/host-kit';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { CreateTaskDto } from './dto/create-task.dto';
import { ListTasksDto } from './dto/list-tasks.dto';
import { DeleteTaskDto, TaskIdDto } from './dto/task-id.dto';
import { TaskRuleDto } from './dto/task-rule.dto';
import { UpdateTaskDto } from './dto/update-task.dto';
import { findActiveTask } from './task.store';
import { TaskRule } from './task.table';
import { DeletedTaskView, TaskView, toTaskView } from './task.view';
import { assertRole } from '../common/roles/roles.policy';
import { DEFAULT_RUN_ROLES, TASK_EDITOR_ROLES } from './task-roles.policy';
import { describeTask } from './task-confirmation.view';
import { KaduConfirmationMessages } from '../common/confirmation/kadu-confirmation.messages';

/**
 * Tasks of the caller's organization, served by `/api/v1/tasks` and, with the
 * same code, by the `kadu_tasks_*` tools. Every query is confined to
 * `caller.organization_id`; no argument can name another organization.
 */
@Injectable()
export class TasksService {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly idempotency: IdempotencyService<KaduDatabase>,
  ) {}

  /** A page of the organization's tasks, newest first. */
  @McpTool({
    name: 'kadu_tasks_list',
    output: PageView(TaskView),
    title: 'List tasks',
    description: "Lists your organization's tasks, newest first. Pass meta.next_cursor as cursor for the next page.",
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListTasksDto): Promise<Page<TaskView>> {
    const rows = this.db
      .selectFrom('tasks')
      .select(['id', 'name', 'description', 'rules', 'created_at', 'updated_at'])
      .where('organization_id', '=', caller.organization_id)
      .where('deleted_at', 'is', null);
    return keysetPage(rows, query, toTaskView);
  }

  /** @throws NotFoundException when no such task is in the caller's organization. */
  @McpTool({
    name: 'kadu_tasks_get',
    output: TaskView,
    title: 'Get a task',
    description: 'Returns one task: its name, description and categorization rules.',
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: TaskIdDto): Promise<TaskView> {
    return toTaskView(await findActiveTask(this.db, caller.organization_id, args.id));
  }

  /** Creates a task; owners, admins and operators may run it until its permissions change. */
  @McpTool({
    name: 'kadu_tasks_create',
    output: TaskView,
    title: 'Create a task',
    description:
      'Creates a task that categorizes bank statement lines (CSV: date,description,amount). Each rule gives its ' +
      'category to lines whose description contains match (case-insensitive); the first matching rule wins.',
    scopes: ['kadu:write'],
    roles: TASK_EDITOR_ROLES,
  })
  async create(@McpCaller() caller: McpCaller, @McpArgs() dto: CreateTaskDto): Promise<TaskView> {
    assertRole(caller, TASK_EDITOR_ROLES, 'create tasks');
    return this.idempotency.run(caller, 'kadu_tasks_create', dto, async (trx) => {
      const now = monotonicNow().toISOString();
      const row = {
        id: randomUUID(),
        organization_id: caller.organization_id,
        name: dto.name,
        description: dto.description ?? '',
        rules: JSON.stringify(plainRules(dto.rules ?? [])),
        run_roles: JSON.stringify(DEFAULT_RUN_ROLES),
        run_user_ids: '[]',
        created_at: now,
        updated_at: now,
        deleted_at: null,
      };
      await trx.insertInto('tasks').values(row).execute();
      return toTaskView(row);
    });
  }

  /** Changes the fields sent. @throws NotFoundException as {@link get}. */
  @McpTool({
    name: 'kadu_tasks_update',
    output: TaskView,
    title: 'Update a task',
    description: 'Changes the name, description or rules of a task; fields you omit stay as they are. rules replaces every rule.',
    scopes: ['kadu:write'],
    roles: TASK_EDITOR_ROLES,
    annotations: { idempotentHint: true },
  })
  async update(@McpCaller() caller: McpCaller, @McpArgs() dto: UpdateTaskDto): Promise<TaskView> {
    assertRole(caller, TASK_EDITOR_ROLES, 'change tasks');
    return this.idempotency.run(caller, 'kadu_tasks_update', dto, async (trx) => {
      const row = await findActiveTask(trx, caller.organization_id, dto.id);
      const changes = {
        ...(dto.name !== undefined ? { name: dto.name } : {}),
        ...(dto.description !== undefined ? { description: dto.description } : {}),
        ...(dto.rules !== undefined ? { rules: JSON.stringify(plainRules(dto.rules)) } : {}),
        updated_at: new Date().toISOString(),
      };
      await trx.updateTable('tasks').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', dto.id).execute();
      return toTaskView({ ...row, ...changes });
    });
  }

  /**
   * Soft delete: the task disappears from listings and can no longer run,
   * but its executions keep naming it. @throws NotFoundException as {@link get}.
   */
  @McpTool({
    name: 'kadu_tasks_delete',
    output: DeletedTaskView,
    title: 'Delete a task',
    description: 'Deletes a task: it is no longer listed and cannot run. Its past executions remain readable.',
    scopes: ['kadu:write'],
    roles: TASK_EDITOR_ROLES,
    annotations: { destructiveHint: true },
    confirmation: { describe: 'describeDelete' },
  })
  async delete(@McpCaller() caller: McpCaller, @McpArgs() dto: DeleteTaskDto): Promise<DeletedTaskView> {
    assertRole(caller, TASK_EDITOR_ROLES, 'delete tasks');
    return this.idempotency.run(caller, 'kadu_tasks_delete', dto, async (trx) => {
      await findActiveTask(trx, caller.organization_id, dto.id);
      const now = new Date().toISOString();
      await trx
        .updateTable('tasks')
        .set({ deleted_at: now, updated_at: now })
        .where('organization_id', '=', caller.organization_id)
        .where('id', '=', dto.id)
        .execute();
      return { id: dto.id, deleted_at: now };
    });
  }

  /** What `kadu_tasks_delete` acts on, for the person who confirms it. @throws NotFoundException as {@link delete}. */
  async describeDelete(caller: McpCaller, dto: DeleteTaskDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_tasks_delete', dto)) return KaduConfirmationMessages.replay();
    return describeTask(await findActiveTask(this.db, caller.organization_id, dto.id));
  }
}

/** Only the two fields, in a fixed order: the stored JSON must not keep whatever else a class instance carries. */
function plainRules(rules: TaskRuleDto[]): TaskRule[] {
  return rules.map(({ category, match }) => ({ category, match }));
}
