import type { McpTaskStatus } from '../interfaces/mcp-task.interface';

/** The extension's identifier, in `capabilities.extensions` of the server and of each request (see docs/tasks.md). */
export const MCP_TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Statuses after which nothing changes: a task in one of them is answered from the store alone. */
export const MCP_FINAL_TASK_STATUSES: ReadonlySet<McpTaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** Random bytes of a task id (base64url): 256 bits, unguessable. */
export const MCP_TASK_ID_BYTES = 32;
