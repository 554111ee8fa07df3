import { Module } from '@nestjs/common';
import { McpTasksModule } from '@kobana/mcp-tasks';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';

const KADU_TASK_STORE = McpTasksModule.register({ imports: [DatabaseModule], database: KADU_DATABASE });

/**
 * Where the tasks of Kadu's task tools live (`kadu_tasks_run`,
 * `kadu_executions_continue`): Kadu's database, so any replica answers any
 * task; handed to `McpModule` as `taskStore`.
 */
@Module({ imports: [KADU_TASK_STORE], exports: [KADU_TASK_STORE] })
export class KaduMcpTasksModule {}
