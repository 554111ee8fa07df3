import { McpToolOptions } from './mcp-tool-options.interface';
import { McpCaller } from './mcp-caller.interface';
import { McpListedDefinition } from './mcp-definition.interface';
import { McpHeaderBinding, McpJsonSchema } from './json-schema.interface';
import type { McpTaskState } from './mcp-task.interface';
import type { McpStandardSchema } from './mcp-standard-schema.interface';
import type { McpSensitivePlan } from './mcp-sensitive-plan.interface';

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
  /** A task tool's support (tasks extension). */
  execution?: { taskSupport: 'optional' | 'required' };
}

/** A destructive tool's confirmation, resolved at start-up. */
export interface McpToolConfirmationDefinition {
  /** `confirmation.requirePerson` as declared; `undefined` takes the module's default. */
  requirePerson?: boolean;
  /** The bound `confirmation.describe` method, when the tool names one. */
  describe?: (caller: McpCaller, args: unknown) => unknown;
}

/** A task tool's methods, bound at start-up. */
export interface McpToolTaskDefinition {
  support: 'optional' | 'required';
  status: (caller: McpCaller, handle: unknown) => McpTaskState | Promise<McpTaskState>;
  update?: (caller: McpCaller, handle: unknown, inputResponses: Record<string, Record<string, unknown>>) => unknown;
  cancel?: (caller: McpCaller, handle: unknown) => unknown;
}

/** Everything the module prepared at start-up for one tool, so a call does no discovery work. */
export interface McpToolDefinition extends McpListedDefinition<McpToolDescriptor> {
  name: string;
  options: McpToolOptions;
  /** `Mcp-Param-*` headers that must mirror arguments. */
  headers: McpHeaderBinding[];
  /** How a call of a destructive tool is confirmed. */
  confirmation: McpToolConfirmationDefinition;
  /** Served as a task of the tasks extension; `undefined` for an ordinary tool. */
  task?: McpToolTaskDefinition;
  /** The Standard Schema an answer goes through before it is sent, when `output` is one. */
  outputStandardSchema?: McpStandardSchema;
  /**
   * What its JSON Schema marks `x-mcp-sensitive` (a Standard Schema's or a
   * given `inputSchema`'s), read at start-up; a DTO's `@McpSensitive()` is read from `inputType`.
   */
  sensitive?: McpSensitivePlan;
}
