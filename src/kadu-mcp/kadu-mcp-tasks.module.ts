import { Module } from '@nestjs/common';
import { McpTasksModule } from '@kobana/mcp-tasks';
import { HOST_DATABASE, HOST_SETTINGS } from '@kobana/platform';
import type { HostSettings } from '@kobana/platform';

/** Expired tasks are swept as often as the platform's other rows (`KADU_PRUNE_INTERVAL_MS`). */
const KADU_TASK_STORE = McpTasksModule.register({
  imports: [],
  database: HOST_DATABASE,
  settings: { inject: [HOST_SETTINGS], useFactory: (settings: HostSettings) => ({ pruneIntervalMs: settings.pruneIntervalMs }) },
});

/**
 * Where the tasks of Kadu's task tools live (`kadu_tasks_run`,
 * `kadu_executions_continue`): Kadu's database, so any replica answers any
 * task; handed to `McpModule` as `taskStore`.
 */
@Module({ imports: [KADU_TASK_STORE], exports: [KADU_TASK_STORE] })
export class KaduMcpTasksModule {}
