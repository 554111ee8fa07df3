/**
 * The instrumentation scope: the package name and version, as OpenTelemetry
 * asks of an instrumentation library. Kept equal to `package.json` by a test.
 */
export const MCP_INSTRUMENTATION = { name: '@kobana/mcp', version: '0.1.0' } as const;

/** Metric names: the conventions' duration, and the module's own counters under `kobana.mcp.*` (none in the conventions). */
export const MCP_METRIC = {
  operationDuration: 'mcp.server.operation.duration',
  rateLimitRefusals: 'kobana.mcp.rate_limit.refusals',
  confirmations: 'kobana.mcp.confirmations',
  confirmationChannel: 'kobana.mcp.confirmation.channel',
  confirmationOutcome: 'kobana.mcp.confirmation.outcome',
} as const;

/** The bucket boundaries (seconds) the conventions specify for `mcp.server.operation.duration`. */
export const MCP_DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];
