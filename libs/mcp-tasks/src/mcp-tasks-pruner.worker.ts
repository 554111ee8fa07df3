import { Inject, Injectable } from '@nestjs/common';
import { PeriodicPruner } from '@kobana/database';
import { MCP_TASKS_SETTINGS, McpTasksSettings } from './mcp-tasks.options';
import { McpTasksMessages } from './mcp-tasks.messages';
import { DatabaseTaskStore } from './database-task.store';

/**
 * Deletes expired tasks, in batches with a rest between them
 * (`DatabaseTaskStore.prune`): once as start-up ends (not awaited: the
 * server listens meanwhile), then every `pruneIntervalMs` on an unref'd
 * timer (never keeps a process alive), stopped at shutdown. Every replica
 * sweeps; the delete is idempotent.
 */
@Injectable()
export class McpTasksPruner extends PeriodicPruner {
  constructor(
    private readonly store: DatabaseTaskStore,
    @Inject(MCP_TASKS_SETTINGS) settings: McpTasksSettings,
  ) {
    super({ name: McpTasksPruner.name, intervalMs: settings.pruneIntervalMs, failed: McpTasksMessages.pruneFailed });
  }

  /** Deletes the tasks expired as of `now`; answers how many. */
  prune(now = new Date()): Promise<number> {
    return this.store.prune(now);
  }
}
