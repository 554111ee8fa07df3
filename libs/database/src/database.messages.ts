/** What the database layer says to clients and to the log, in one place. */
export const DatabaseMessages = {
  /** The 503's `message`: names no engine, table or query, only what the client should do. */
  unavailable: () => 'Service temporarily unavailable: retry the request',
  /** The one warning per refused request: the fault's code and the route, never SQL, parameters or the query string. */
  transientFault: (fault: string, method: string, path: string, retryAfterSeconds: number) =>
    `Transient database fault ${fault} on ${method} ${path}: answered 503, Retry-After ${retryAfterSeconds}`,
} as const;
