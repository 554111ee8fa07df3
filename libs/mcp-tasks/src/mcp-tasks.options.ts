/** What a host may change about the task store. */
export interface McpTasksSettings {
  /**
   * Milliseconds between two sweeps of expired tasks; 0: one sweep, after
   * start-up. A platform host passes its `<P>PRUNE_INTERVAL_MS`.
   * @default 600000 (ten minutes)
   */
  pruneIntervalMs: number;
}

/** Ten minutes between sweeps: an expired task is already unknown to `find`, the sweep only reclaims its row. */
export const DEFAULT_MCP_TASKS_SETTINGS: McpTasksSettings = { pruneIntervalMs: 10 * 60_000 };

/** Injection token of the resolved {@link McpTasksSettings}. */
export const MCP_TASKS_SETTINGS = Symbol('McpTasksSettings');
