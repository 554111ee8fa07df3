/**
 * `@kobana/mcp-tasks`: the database store of the MCP module's tasks
 * (tasks extension) for any host, its migration and the pruner of expired tasks.
 */
export { McpTasksModule } from './mcp-tasks.module';
export type { McpTasksHostOptions } from './mcp-tasks.module';
export { MCP_TASKS_DATABASE } from './mcp-tasks.constants';
export { DatabaseTaskStore } from './database-task.store';
export { McpTasksPruner } from './mcp-tasks-pruner.worker';
export { createMcpTasks } from './mcp-tasks.migration';
export type { McpTasksDatabase, McpTasksTable } from './mcp-tasks.table';
export type { McpTasksSettings } from './mcp-tasks.options';
export { DEFAULT_MCP_TASKS_SETTINGS } from './mcp-tasks.options';
