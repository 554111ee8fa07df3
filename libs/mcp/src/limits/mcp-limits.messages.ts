/** Every message of the limits part (rate limits, draining, availability), in one place. */
export const McpLimitsMessages = {
  rateLimited: () => 'Rate limit exceeded',
  unavailable: () => 'Server unavailable',
  drainStarted: (inFlight: number, graceMs: number) =>
    `Draining for shutdown: new MCP requests are answered 503; waiting up to ${graceMs} ms for ${inFlight} in flight`,
  drainTimedOut: (inFlight: number) => `Drain grace period over with ${inFlight} MCP request(s) still in flight`,
  storeUnavailable: (why: string) => `Rate-limit store unavailable, answering 503 until it answers again: ${why}`,
  storeBack: (refused: number) => `Rate-limit store answers again; ${refused} call(s) were answered 503 meanwhile`,
  invalidRule: (toolClass: string, why: string) => `Invalid MCP rate limit for "${toolClass}": ${why}`,
} as const;
