/** What the audit trail logs. */
export const McpAuditMessages = {
  sinkFailed: (reason: string) =>
    `The audit sink failed to write an event (${reason}); events are lost until it recovers (counted in McpAuditEmitter.failures)`,
  sinkRecovered: (lost: number) => `The audit sink writes again; ${lost} event(s) were lost while it failed`,
} as const;
