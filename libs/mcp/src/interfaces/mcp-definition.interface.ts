import { Type } from '@nestjs/common';
import { McpParamBinding } from './mcp-param-binding.interface';
import type { McpStandardSchema } from './mcp-standard-schema.interface';

/** A provider method prepared at start-up, so a call does no discovery work. */
export interface McpInvocable {
  /** The DTO validated before the call, when the method takes `@McpArgs()` typed with a class. */
  inputType?: Type<object>;
  /** The Standard Schema validated before the call, when the arguments are declared with one. */
  inputStandardSchema?: McpStandardSchema;
  params: McpParamBinding[];
  /** The provider method, bound to its instance. */
  invoke: (...args: unknown[]) => unknown;
  /** `Class.method`, for messages. */
  owner: string;
}

/** The access rules of a definition, frozen at start-up. */
export interface McpGuarded {
  scopes: readonly string[];
  roles: readonly string[];
}

/** A definition callers list (tools, resources, templates, prompts): its method, its rules and what the list shows. */
export interface McpListedDefinition<TDescriptor> extends McpInvocable, McpGuarded {
  /** Frozen; shared by every list answer. */
  descriptor: TDescriptor;
}
