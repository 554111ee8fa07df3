import { IsArray, IsString } from 'class-validator';
import type { McpCaller } from '@kobana/mcp';
import type { TasksTable } from './task.table';

/** Who may run a task: any member of `roles`, and each user in `user_ids`. */
export class TaskPermissionsView {
  @IsString()
  task_id!: string;

  @IsArray()
  @IsString({ each: true })
  roles!: string[];

  @IsArray()
  @IsString({ each: true })
  user_ids!: string[];
}

/** The permissions stored on a task row. */
export function toTaskPermissionsView(row: Pick<TasksTable, 'id' | 'run_roles' | 'run_user_ids'>): TaskPermissionsView {
  return { task_id: row.id, roles: JSON.parse(row.run_roles) as string[], user_ids: JSON.parse(row.run_user_ids) as string[] };
}

/** Whether `caller` may run the task whose row this is. */
export function mayRunTask(caller: McpCaller, row: Pick<TasksTable, 'id' | 'run_roles' | 'run_user_ids'>): boolean {
  const { roles, user_ids } = toTaskPermissionsView(row);
  return caller.roles.some((role) => roles.includes(role)) || user_ids.includes(caller.subject);
}
