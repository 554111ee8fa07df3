import { Module } from '@nestjs/common';
import { McpTasksModule } from '@kobana/mcp-tasks';
import { HOST_DATABASE } from '@kobana/platform';

const KADU_TASK_STORE = McpTasksModule.register({ imports: [], database: HOST_DATABASE });

/**
 * Where the tasks of Kadu's task tools live (`kadu_tasks_run`,
 * `kadu_executions_continue`): Kadu's database, so any replica answers any
 * task; handed to `McpModule` as `taskStore`.
 */
@Module({ imports: [KADU_TASK_STORE], exports: [KADU_TASK_STORE] })
export class KaduMcpTasksModule {}
