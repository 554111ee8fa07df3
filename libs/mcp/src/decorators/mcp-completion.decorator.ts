import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MCP_COMPLETION_METADATA } from '../mcp.constants';
import { McpCompletionOptions } from '../interfaces/mcp-completion-options.interface';

/**
 * Makes a provider method the source of suggestions for one prompt argument
 * or template variable. Undecorated, the method is called as
 * `(caller: McpCaller, value: string, context: McpCompletionContext)`; it
 * returns every candidate string and the module sends the first 100, with
 * `total` and `hasMore`. Only callers who may use the prompt or template get
 * suggestions.
 *
 * @example
 * ```ts
 * @McpCompletion({ ref: { type: 'ref/resource', uri: 'kobana://kadu/tasks/{id}' }, argument: 'id' })
 * taskIds(caller: McpCaller, prefix: string) { return this.tasks.idsStartingWith(caller.organization_id, prefix); }
 * ```
 */
export function McpCompletion(options: McpCompletionOptions): MethodDecorator {
  return applyDecorators(SetMetadata(MCP_COMPLETION_METADATA, options));
}
