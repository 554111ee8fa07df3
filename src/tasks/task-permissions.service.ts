import { Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { IdempotencyService } from '@kobana/idempotency';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { TaskIdDto } from './dto/task-id.dto';
import { UpdateTaskPermissionsDto } from './dto/update-task-permissions.dto';
import { findActiveTask } from './task.store';
import { TaskPermissionsView, toTaskPermissionsView } from './task-permissions.view';
import { assertRole } from '../common/roles/roles.policy';
import { TASK_ADMIN_ROLES } from './task-roles.policy';
import { describeTask } from './task-confirmation.view';
import { KaduConfirmationMessages, wordsList } from '../common/confirmation/kadu-confirmation.messages';

/**
 * Who may run a task, served by `/api/v1/tasks/:id/permissions` and the
 * `kadu_task_permissions_*` tools. `kadu_tasks_run` enforces it.
 */
@Injectable()
export class TaskPermissionsService {
  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    private readonly idempotency: IdempotencyService<KaduDatabase>,
  ) {}

  /** @throws NotFoundException when no such task is in the caller's organization. */
  @McpTool({
    name: 'kadu_task_permissions_get',
    output: TaskPermissionsView,
    title: 'Who may run a task',
    description: 'Returns the roles and the user ids allowed to run a task (kadu_tasks_run).',
    scopes: ['kadu:read'],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  async get(@McpCaller() caller: McpCaller, @McpArgs() args: TaskIdDto): Promise<TaskPermissionsView> {
    return toTaskPermissionsView(await findActiveTask(this.db, caller.organization_id, args.id));
  }

  /** Replaces the lists sent. Owners and admins only. */
  @McpTool({
    name: 'kadu_task_permissions_update',
    output: TaskPermissionsView,
    title: 'Change who may run a task',
    description:
      'Sets the roles (owner, admin, operator, viewer) and/or user ids allowed to run a task. ' +
      'A list you omit stays as it is; an empty list allows nobody through it.',
    scopes: ['kadu:write'],
    roles: TASK_ADMIN_ROLES,
    annotations: { destructiveHint: true, idempotentHint: true },
    // Who may run a task is access itself: a client must not grant it by answering its own question.
    confirmation: { requirePerson: true, describe: 'describeUpdate' },
  })
  async update(@McpCaller() caller: McpCaller, @McpArgs() dto: UpdateTaskPermissionsDto): Promise<TaskPermissionsView> {
    assertRole(caller, TASK_ADMIN_ROLES, 'change who may run a task');
    return this.idempotency.run(caller, 'kadu_task_permissions_update', dto, async (trx) => {
      const row = await findActiveTask(trx, caller.organization_id, dto.id);
      const changes = {
        ...(dto.roles !== undefined ? { run_roles: JSON.stringify([...new Set(dto.roles)]) } : {}),
        ...(dto.user_ids !== undefined ? { run_user_ids: JSON.stringify([...new Set(dto.user_ids)]) } : {}),
        updated_at: new Date().toISOString(),
      };
      await trx.updateTable('tasks').set(changes).where('organization_id', '=', caller.organization_id).where('id', '=', dto.id).execute();
      return toTaskPermissionsView({ ...row, ...changes });
    });
  }

  /** The task and the lists it will have, for the person who approves. @throws NotFoundException as {@link update}. */
  async describeUpdate(caller: McpCaller, dto: UpdateTaskPermissionsDto): Promise<string> {
    if (await this.idempotency.replays(caller, 'kadu_task_permissions_update', dto)) return KaduConfirmationMessages.replay();
    const task = await findActiveTask(this.db, caller.organization_id, dto.id);
    const list = (values: string[] | undefined) => (values === undefined ? KaduConfirmationMessages.unchanged() : wordsList([...new Set(values)]));
    return KaduConfirmationMessages.permissions(describeTask(task), list(dto.roles), list(dto.user_ids));
  }
}
