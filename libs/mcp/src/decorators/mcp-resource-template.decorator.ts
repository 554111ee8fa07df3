import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MCP_RESOURCE_TEMPLATE_METADATA } from '../mcp.constants';
import { McpResourceTemplateOptions } from '../interfaces/mcp-resource-options.interface';

/**
 * Makes a provider method the reader of every URI its RFC 6570 level-1
 * template matches. The method gets the variables through
 * `@McpResourceParams()`, and returns the document as `@McpResource()` does.
 *
 * @example
 * ```ts
 * @McpResourceTemplate({ uriTemplate: 'kobana://kadu/tasks/{id}', name: 'task', mimeType: 'application/json' })
 * task(@McpCaller() caller: McpCaller, @McpResourceParams() { id }: { id: string }) { … }
 * ```
 */
export function McpResourceTemplate(options: McpResourceTemplateOptions): MethodDecorator {
  return applyDecorators(SetMetadata(MCP_RESOURCE_TEMPLATE_METADATA, options));
}
