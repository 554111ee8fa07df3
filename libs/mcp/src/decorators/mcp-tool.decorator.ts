import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MCP_TOOL_METADATA } from '../mcp.constants';
import { McpToolOptions } from '../interfaces/mcp-tool-options.interface';

/**
 * Makes a provider method an MCP tool. The method stays what it is for the
 * REST controller that calls it; the module finds it at start-up and calls it
 * in-process, with the caller from the token (`@McpCaller()`) and the
 * arguments validated by the DTO (`@McpArgs()`).
 *
 * @example
 * ```ts
 * @McpTool({ name: 'kadu_tasks_list', description: 'Lists tasks', scopes: ['kadu:read'], annotations: { readOnlyHint: true } })
 * list(@McpCaller() caller: McpCaller, @McpArgs() query: ListTasksDto) { … }
 * ```
 */
export function McpTool(options: McpToolOptions): MethodDecorator {
  return applyDecorators(SetMetadata(MCP_TOOL_METADATA, options));
}
