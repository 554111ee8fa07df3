import { Type } from 'class-transformer';
import { IsArray, IsISO8601, IsString, ValidateNested } from 'class-validator';
import type { TaskRule, TasksTable } from './task.table';

/** One categorization rule of a task, as the API shows it. */
export class TaskRuleView implements TaskRule {
  @IsString()
  category!: string;

  @IsString()
  match!: string;
}

/** A task as the API and the tools return it. */
export class TaskView {
  @IsString()
  id!: string;

  @IsString()
  name!: string;

  @IsString()
  description!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TaskRuleView)
  rules!: TaskRule[];

  @IsISO8601()
  created_at!: string;

  @IsISO8601()
  updated_at!: string;
}

/** What `kadu_tasks_delete` answers. */
export class DeletedTaskView {
  @IsString()
  id!: string;

  @IsISO8601()
  deleted_at!: string;
}

/** The row's public fields; who may run it is a separate resource (permissions). */
export function toTaskView(row: Pick<TasksTable, 'id' | 'name' | 'description' | 'rules' | 'created_at' | 'updated_at'>): TaskView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rules: JSON.parse(row.rules) as TaskRule[],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
