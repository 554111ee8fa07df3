import { McpToolOptions } from './mcp-tool-options.interface';
import { McpCaller } from './mcp-caller.interface';
import { McpListedDefinition } from './mcp-definition.interface';
import { McpHeaderBinding, McpJsonSchema } from './json-schema.interface';

/** A tool as `tools/list` shows it (MCP `Tool`). */
export interface McpToolDescriptor {
  name: string;
  title?: string;
  description: string;
  inputSchema: McpJsonSchema;
  /** What `structuredContent` holds on success; absent when the tool declares no output. */
  outputSchema?: McpJsonSchema;
  annotations: {
    title?: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: false;
  };
}

/** A destructive tool's confirmation, resolved at start-up. */
export interface McpToolConfirmationDefinition {
  /** `confirmation.requirePerson` as declared; `undefined` takes the module's default. */
  requirePerson?: boolean;
  /** The bound `confirmation.describe` method, when the tool names one. */
  describe?: (caller: McpCaller, args: unknown) => unknown;
}

/** Everything the module prepared at start-up for one tool, so a call does no discovery work. */
export interface McpToolDefinition extends McpListedDefinition<McpToolDescriptor> {
  name: string;
  options: McpToolOptions;
  /** `Mcp-Param-*` headers that must mirror arguments. */
  headers: McpHeaderBinding[];
  /** How a call of a destructive tool is confirmed. */
  confirmation: McpToolConfirmationDefinition;
}
