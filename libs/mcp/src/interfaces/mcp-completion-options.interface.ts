/** What a completion suggests values for: a prompt by name, or a resource template by its template string. */
export type McpCompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** What `@McpCompletion()` declares. */
export interface McpCompletionOptions {
  ref: McpCompletionRef;
  /** The prompt argument or template variable completed. */
  argument: string;
}
