import { Type } from '@nestjs/common';
import { McpToolOptions } from './mcp-tool-options.interface';
import { McpParamBinding } from '../decorators/mcp-param.decorator';
import { McpHeaderBinding, McpJsonSchema } from '../schema/json-schema.interface';

/** A tool as `tools/list` shows it (MCP `Tool`). */
export interface McpToolDescriptor {
  name: string;
  title?: string;
  description: string;
  inputSchema: McpJsonSchema;
  annotations: {
    title?: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: false;
  };
}

/** Everything the module prepared at start-up for one tool, so a call does no discovery work. */
export interface McpToolDefinition {
  name: string;
  options: McpToolOptions;
  /** Frozen; shared by every `tools/list` answer. */
  descriptor: McpToolDescriptor;
  scopes: readonly string[];
  roles: readonly string[];
  /** The DTO validated before the call, when the method takes `@McpArgs()`. */
  inputType?: Type<object>;
  params: McpParamBinding[];
  /** `Mcp-Param-*` headers that must mirror arguments. */
  headers: McpHeaderBinding[];
  /** The provider method, bound to its instance. */
  invoke: (...args: unknown[]) => unknown;
  /** `Class.method`, for messages. */
  owner: string;
}
