import { Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  MCP_COMPLETION_METADATA,
  MCP_PARAMS_METADATA,
  MCP_PROMPT_METADATA,
  MCP_RESOURCE_METADATA,
  MCP_RESOURCE_TEMPLATE_METADATA,
  MCP_TOOL_METADATA,
} from '../mcp.constants';
import { McpToolOptions } from '../interfaces/mcp-tool-options.interface';
import { McpResourceOptions, McpResourceTemplateOptions } from '../interfaces/mcp-resource-options.interface';
import { McpPromptOptions } from '../interfaces/mcp-prompt-options.interface';
import { McpCompletionOptions } from '../interfaces/mcp-completion-options.interface';
import { McpParamBinding } from '../interfaces/mcp-param-binding.interface';

const METHOD_KEYS = [MCP_TOOL_METADATA, MCP_RESOURCE_METADATA, MCP_RESOURCE_TEMPLATE_METADATA, MCP_PROMPT_METADATA, MCP_COMPLETION_METADATA];

/** Typed reads of the module's metadata: one getter per key. */
@Injectable()
export class McpMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** Whether a method carries any of the module's method decorators. */
  isMcpMethod(method: Function): boolean {
    return METHOD_KEYS.some((key) => this.reflector.get(key, method) !== undefined);
  }

  /** Options of `@McpTool()` on a method, if any. */
  getToolOptions(method: Function): McpToolOptions | undefined {
    return this.reflector.get<McpToolOptions | undefined>(MCP_TOOL_METADATA, method);
  }

  /** Options of `@McpResource()` on a method, if any. */
  getResourceOptions(method: Function): McpResourceOptions | undefined {
    return this.reflector.get<McpResourceOptions | undefined>(MCP_RESOURCE_METADATA, method);
  }

  /** Options of `@McpResourceTemplate()` on a method, if any. */
  getResourceTemplateOptions(method: Function): McpResourceTemplateOptions | undefined {
    return this.reflector.get<McpResourceTemplateOptions | undefined>(MCP_RESOURCE_TEMPLATE_METADATA, method);
  }

  /** Options of `@McpPrompt()` on a method, if any. */
  getPromptOptions(method: Function): McpPromptOptions | undefined {
    return this.reflector.get<McpPromptOptions | undefined>(MCP_PROMPT_METADATA, method);
  }

  /** Options of `@McpCompletion()` on a method, if any. */
  getCompletionOptions(method: Function): McpCompletionOptions | undefined {
    return this.reflector.get<McpCompletionOptions | undefined>(MCP_COMPLETION_METADATA, method);
  }

  /** The parameter bindings of a method, by position. */
  getParamBindings(prototype: object, methodName: string): McpParamBinding[] {
    const bindings: McpParamBinding[] = Reflect.getMetadata(MCP_PARAMS_METADATA, prototype, methodName) ?? [];
    return [...bindings].sort((a, b) => a.index - b.index);
  }

  /** The declared type of each parameter (`emitDecoratorMetadata`). */
  getParamTypes(prototype: object, methodName: string): Array<Type<unknown> | undefined> {
    return Reflect.getMetadata('design:paramtypes', prototype, methodName) ?? [];
  }
}
