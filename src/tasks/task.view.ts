import type { TaskRule, TasksTable } from './task.table';

/** A task as the API and the tools return it. */
export interface TaskView {
  id: string;
  name: string;
  description: string;
  rules: TaskRule[];
  created_at: string;
  updated_at: string;
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
