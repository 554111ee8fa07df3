/**
 * A protocol error, thrown by the kit's calls: the JSON-RPC `error` (or an
 * HTTP refusal without one, such as a 401) of a request that got no
 * `result`. A tool's own failure is no protocol error: it is a result with
 * `isError: true`, returned, never thrown.
 */
export class McpTestError extends Error {
  constructor(
    message: string,
    /** HTTP status of the answer. */
    readonly status: number,
    /** JSON-RPC error code, when the body carried one. */
    readonly code: number | undefined,
    /** JSON-RPC `error.data`, when the body carried one. */
    readonly data: unknown,
    /** The parsed body as it came (`undefined` for an empty body). */
    readonly body: unknown,
    /** Response headers, lower-cased. */
    readonly headers: Record<string, string | string[] | undefined>,
  ) {
    super(message);
    this.name = 'McpTestError';
  }
}
