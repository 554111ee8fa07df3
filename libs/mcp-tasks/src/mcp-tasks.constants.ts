/**
 * Injection token of the host's `Kysely<McpTasksDatabase>`: the host's own
 * database, migrated with `createMcpTasks` (both hosts list it as
 * `0800_create_mcp_tasks`), so each host keeps its tasks beside its organizations.
 */
export const MCP_TASKS_DATABASE = Symbol('McpTasksDatabase');
