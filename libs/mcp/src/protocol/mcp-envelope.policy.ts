import { MCP_ERA_2026, MCP_META } from '../mcp.constants';
import { McpRequestState } from '../interfaces/mcp-request.interface';
import { capabilitiesRequired, unsupportedVersion } from '../errors/mcp-version.error';

/**
 * Steps 10.2 and 10.3 (era 2026-07-28), once the headers agree with the
 * body: the envelope's version must be one this era speaks, and the client
 * must state its capabilities (an object; `{}` will do).
 *
 * @throws JsonRpcException -32022 (400) for another version, -32602 without capabilities.
 */
export function checkMcpEnvelope(state: McpRequestState): void {
  const requested = state.meta![MCP_META.protocolVersion];
  if (requested !== MCP_ERA_2026) {
    throw unsupportedVersion(requested);
  }
  const capabilities = state.meta![MCP_META.clientCapabilities];
  if (capabilities === null || typeof capabilities !== 'object' || Array.isArray(capabilities)) {
    throw capabilitiesRequired();
  }
}
