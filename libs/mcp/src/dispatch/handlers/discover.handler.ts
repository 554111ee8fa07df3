import { Injectable } from '@nestjs/common';
import { MCP_SUPPORTED_VERSIONS } from '../../mcp.constants';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpServerDescription } from '../../discovery/mcp-server-description.service';

/** `server/discover` (era 2026-07-28): versions, capabilities and instructions, without a handshake. */
@Injectable()
export class DiscoverHandler implements McpMethodHandler {
  readonly method = 'server/discover';
  readonly eras = ['2026'] as const;
  readonly cacheable = true;

  constructor(private readonly server: McpServerDescription) {}

  handle() {
    return {
      supportedVersions: [...MCP_SUPPORTED_VERSIONS],
      capabilities: this.server.capabilities('2026'),
      ...(this.server.instructions ? { instructions: this.server.instructions } : {}),
    };
  }
}
