import type { McpTaskRecord } from '@kobana/mcp';

/**
 * Tasks of the MCP endpoint (see `McpTaskRecord`), as Kysely sees them:
 * the record itself, its JSON kept as text; times are ISO-8601 UTC text, so
 * comparing them as text compares the instants.
 */
export type McpTasksTable = McpTaskRecord;

/** The tables the task store uses; every host database that serves tasks has at least these. */
export interface McpTasksDatabase {
  mcp_tasks: McpTasksTable;
}
