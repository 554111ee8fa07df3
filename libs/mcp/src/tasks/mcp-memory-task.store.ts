import { McpTaskChange, McpTaskRecord, McpTaskStore } from '../interfaces/mcp-task.interface';
import { MCP_FINAL_TASK_STATUSES } from './mcp-task.constants';

/**
 * The single-process {@link McpTaskStore}: tests and one replica only. A
 * second replica would not know the tasks of the first; hosts behind a load
 * balancer give the module a database store (`taskStore`).
 */
export class McpMemoryTaskStore implements McpTaskStore {
  private readonly tasks = new Map<string, McpTaskRecord>();
  private created = 0;

  create(task: McpTaskRecord): Promise<void> {
    // Nothing else sweeps this store: every thousandth task clears the expired ones.
    if (++this.created % 1000 === 0) void this.prune(new Date());
    this.tasks.set(task.id, { ...task });
    return Promise.resolve();
  }

  find(id: string, now: Date): Promise<McpTaskRecord | undefined> {
    const task = this.tasks.get(id);
    return Promise.resolve(task && task.expires_at > now.toISOString() ? { ...task } : undefined);
  }

  update(id: string, change: McpTaskChange): Promise<McpTaskRecord | undefined> {
    const task = this.tasks.get(id);
    if (!task || MCP_FINAL_TASK_STATUSES.has(task.status)) return Promise.resolve(undefined);
    Object.assign(task, change);
    return Promise.resolve({ ...task });
  }

  prune(now: Date): Promise<number> {
    const cutoff = now.toISOString();
    let pruned = 0;
    for (const [id, task] of this.tasks) {
      if (task.expires_at <= cutoff) {
        this.tasks.delete(id);
        pruned++;
      }
    }
    return Promise.resolve(pruned);
  }
}
