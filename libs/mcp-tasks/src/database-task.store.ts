import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { deleteInBatches } from '@kobana/database';
import type { McpTaskChange, McpTaskRecord, McpTaskStore } from '@kobana/mcp';
import { MCP_TASKS_DATABASE } from './mcp-tasks.constants';
import { McpTasksDatabase } from './mcp-tasks.table';

/** Statuses a task can still leave; an update applies only to these. */
const OPEN_STATUSES = ['working', 'input_required'] as const;

/**
 * A host's {@link McpTaskStore}: rows in the host's database, so every
 * replica answers every task. A task is one row read by its primary key; a
 * status change is one conditional UPDATE that a final task refuses, never a
 * read followed by a write.
 */
@Injectable()
export class DatabaseTaskStore implements McpTaskStore {
  constructor(@Inject(MCP_TASKS_DATABASE) private readonly db: Kysely<McpTasksDatabase>) {}

  async create(task: McpTaskRecord): Promise<void> {
    await this.db.insertInto('mcp_tasks').values(task).execute();
  }

  async find(id: string, now: Date): Promise<McpTaskRecord | undefined> {
    return this.db.selectFrom('mcp_tasks').selectAll().where('id', '=', id).where('expires_at', '>', now.toISOString()).executeTakeFirst();
  }

  async update(id: string, change: McpTaskChange): Promise<McpTaskRecord | undefined> {
    const result = await this.db.updateTable('mcp_tasks').set(change).where('id', '=', id).where('status', 'in', OPEN_STATUSES).executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return undefined;
    return this.db.selectFrom('mcp_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** In batches through `mcp_tasks_expires_idx`, with a rest between them (see `deleteInBatches`). */
  async prune(now: Date): Promise<number> {
    const at = now.toISOString();
    return deleteInBatches(async (limit) => {
      const expired = this.db.selectFrom('mcp_tasks').select('id').where('expires_at', '<=', at).limit(limit);
      const result = await this.db.deleteFrom('mcp_tasks').where('id', 'in', expired).executeTakeFirst();
      return result.numDeletedRows;
    });
  }
}
