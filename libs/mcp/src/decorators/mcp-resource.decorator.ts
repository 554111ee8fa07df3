import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MCP_RESOURCE_METADATA } from '../mcp.constants';
import { McpResourceOptions } from '../interfaces/mcp-resource-options.interface';

/**
 * Makes a provider method the reader of a document at one fixed URI. The
 * method returns the document: a string (sent as is, with `mimeType`) or an
 * object or array (sent as JSON). It may take `@McpCaller()` and
 * `@McpContext()`; a `NotFoundException` (or `null`) answers "Resource not
 * found".
 *
 * @example
 * ```ts
 * @McpResource({ uri: 'kobana://kadu/organization', name: 'organization', scopes: ['kadu:read'] })
 * current(@McpCaller() caller: McpCaller) { … }
 * ```
 */
export function McpResource(options: McpResourceOptions): MethodDecorator {
  return applyDecorators(SetMetadata(MCP_RESOURCE_METADATA, options));
}
