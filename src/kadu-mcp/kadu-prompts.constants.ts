/** Names of Kadu's MCP prompts (docs/protocol.md §9), shared by the prompts and their completions. */
export const KADU_PROMPTS = {
  investigateFailedExecutions: 'kadu_investigate_failed_executions',
  runTaskOnFiles: 'kadu_run_task_on_files',
  explainExecution: 'kadu_explain_execution',
} as const;
