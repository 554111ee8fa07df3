/** Every message the task store's library logs. */
export const McpTasksMessages = {
  pruneFailed: (reason: string) => `Pruning expired MCP tasks failed (retried at the next sweep): ${reason}`,
};
