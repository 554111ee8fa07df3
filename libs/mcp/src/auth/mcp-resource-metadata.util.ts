import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { singleHeader } from '../transport/mcp-request-state.util';

/** Where the Protected Resource Metadata of RFC 9728 lives, per the path-insertion rule. */
export const RESOURCE_METADATA_PREFIX = '/.well-known/oauth-protected-resource';

/**
 * The public origin: configured, or (for local runs) the request's own
 * `Host`. Behind a proxy, configure `publicUrl`: a Host header is the
 * client's word.
 */
export function publicOrigin(options: McpResolvedOptions, request: McpHttpRequest): string {
  if (options.publicUrl) return options.publicUrl;
  const host = singleHeader(request, 'host') ?? 'localhost';
  return `http://${host}`;
}

/** `resource_metadata` of the `WWW-Authenticate` challenge. */
export function resourceMetadataUrl(options: McpResolvedOptions, request: McpHttpRequest): string {
  return `${publicOrigin(options, request)}${RESOURCE_METADATA_PREFIX}${options.path}`;
}
