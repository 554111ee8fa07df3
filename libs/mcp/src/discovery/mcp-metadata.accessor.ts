import { Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MCP_PARAMS_METADATA, MCP_TOOL_METADATA } from '../mcp.constants';
import { McpToolOptions } from '../interfaces/mcp-tool-options.interface';
import { McpParamBinding } from '../decorators/mcp-param.decorator';

/** Typed reads of the module's metadata: one getter per key. */
@Injectable()
export class McpMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** Options of `@McpTool()` on a method, if any. */
  getToolOptions(method: Function): McpToolOptions | undefined {
    return this.reflector.get<McpToolOptions | undefined>(MCP_TOOL_METADATA, method);
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
