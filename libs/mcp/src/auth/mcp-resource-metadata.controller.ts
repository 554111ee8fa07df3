import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpServerDescription } from '../discovery/mcp-server-description.service';
import { publicOrigin, RESOURCE_METADATA_PREFIX } from './mcp-resource-metadata.util';

/** OAuth 2.0 Protected Resource Metadata (RFC 9728): where a client learns how to get a token. No token needed. */
export class McpResourceMetadataController {
  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    private readonly server: McpServerDescription,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  metadata(@Req() request: McpHttpRequest) {
    return {
      resource: `${publicOrigin(this.options, request)}${this.options.path}`,
      authorization_servers: this.options.authorizationServers,
      scopes_supported: this.options.scopesSupported ?? this.server.scopes(),
      bearer_methods_supported: ['header'],
      resource_name: this.options.resourceName,
    };
  }
}

/** Served at `/.well-known/oauth-protected-resource<path>` (RFC 9728 path insertion) and at the bare well-known path. */
export function createMcpResourceMetadataController(path: string): typeof McpResourceMetadataController {
  @Controller([`${RESOURCE_METADATA_PREFIX}${path}`, RESOURCE_METADATA_PREFIX])
  class McpEndpointResourceMetadataController extends McpResourceMetadataController {}
  return McpEndpointResourceMetadataController;
}
