import type { McpStandardSchema } from './mcp-standard-schema.interface';

/**
 * What the module passes to a parameter of an MCP method: the caller, the
 * arguments (tools, prompts; the already chosen ones for a completion), the
 * call context, the variables of a resource template, the value being
 * completed.
 */
export type McpParamKind = 'caller' | 'args' | 'context' | 'resourceParams' | 'value';

/** One parameter binding, read once at start-up. */
export interface McpParamBinding {
  index: number;
  kind: McpParamKind;
  /** `@McpArgs({ schema })`: the Standard Schema the arguments are validated with. */
  schema?: McpStandardSchema;
}
