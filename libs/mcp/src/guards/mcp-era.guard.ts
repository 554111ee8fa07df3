import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { MCP_DEFAULT_LEGACY_VERSION, MCP_ERA_2026, MCP_HEADER, MCP_META } from '../mcp.constants';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { headerMismatch } from '../errors/mcp-transport.error';
import { envelopeRequired, unsupportedVersion } from '../errors/mcp-version.error';
import { mcpState, singleHeader } from '../transport/mcp-request-state.util';
import { isStatelessEraVersion, isSupportedVersion } from '../protocol/mcp-protocol-versions.policy';

/**
 * Guard 6 of 7, docs/protocol.md §1 step 10, first half: the body decides the era.
 * An envelope (`params._meta["io.modelcontextprotocol/protocolVersion"]`)
 * means 2026-07-28, whose headers the next guard then checks against the body.
 * Without it, the 2025 era, unless the header asks for the stateless era,
 * which is refused rather than silently downgraded.
 */
@Injectable()
export class McpEraGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<McpHttpRequest>();
    const state = mcpState(request);
    const meta = state.message?.params?._meta;
    const header = singleHeader(request, MCP_HEADER.protocolVersion);
    if (meta && typeof meta === 'object' && !Array.isArray(meta) && MCP_META.protocolVersion in meta) {
      state.era = '2026';
      state.version = MCP_ERA_2026;
      state.meta = meta as Record<string, unknown>;
      return true;
    }
    if (header === null) throw headerMismatch('MCP-Protocol-Version');
    const version = header?.trim();
    if (version !== undefined && isStatelessEraVersion(version)) {
      throw envelopeRequired(version);
    }
    if (version !== undefined && !isSupportedVersion(version)) {
      throw unsupportedVersion(version);
    }
    state.era = '2025';
    state.version = version ?? MCP_DEFAULT_LEGACY_VERSION;
    return true;
  }
}
