import { Injectable } from '@nestjs/common';
import { MCP_HANDSHAKE_FALLBACK_VERSION, MCP_HANDSHAKE_VERSIONS } from '../../mcp.constants';
import { McpMethodContext } from '../../interfaces/mcp-method-context.interface';
import { McpMethodHandler } from '../mcp-method.handler';
import { McpServerDescription } from '../../discovery/mcp-server-description.service';

/** `initialize` (era 2025): negotiates a version and remembers nothing. */
@Injectable()
export class InitializeHandler implements McpMethodHandler {
  readonly method = 'initialize';
  readonly eras = ['2025'] as const;
  readonly cacheable = false;

  constructor(private readonly server: McpServerDescription) {}

  handle({ params, state }: McpMethodContext) {
    const requested = params.protocolVersion;
    const protocolVersion = (MCP_HANDSHAKE_VERSIONS as readonly unknown[]).includes(requested) ? (requested as string) : MCP_HANDSHAKE_FALLBACK_VERSION;
    state.version = protocolVersion;
    return {
      protocolVersion,
      capabilities: this.server.capabilities('2025'),
      serverInfo: this.server.serverInfo,
      ...(this.server.instructions ? { instructions: this.server.instructions } : {}),
    };
  }
}
