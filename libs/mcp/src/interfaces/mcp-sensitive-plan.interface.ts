/**
 * What to remove from a tool's arguments before they are stored: its
 * sensitive keys, and the plans of its nested objects by key. Read once at
 * start-up, from `@McpSensitive()` on a DTO or from `x-mcp-sensitive` in a
 * tool's JSON Schema.
 */
export interface McpSensitivePlan {
  remove: ReadonlySet<string>;
  /** How a person sees each sensitive key that says so (`McpSensitive({ shown })`). */
  shown: ReadonlyMap<string, (value: unknown) => string>;
  nested: ReadonlyMap<string, McpSensitivePlan>;
}
