import { MCP_DEFAULT_LEGACY_VERSION, MCP_HEADER } from '../mcp.constants';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { mcpState, singleHeader } from './mcp-request-state.util';
import { isSupportedVersion } from '../protocol/mcp-protocol-versions.policy';

/**
 * The headers every answer carries, errors included: nothing here may be
 * cached (results are filtered by the caller), and the version in use.
 */
export function applyMcpResponseHeaders(transport: McpHttpTransport, request: McpHttpRequest, response: McpHttpResponse): void {
  transport.setHeader(response, 'Cache-Control', 'no-store');
  transport.setHeader(response, 'MCP-Protocol-Version', versionInUse(request));
}

function versionInUse(request: McpHttpRequest): string {
  const decided = mcpState(request).version;
  if (decided) return decided;
  const sent = singleHeader(request, MCP_HEADER.protocolVersion)?.trim();
  return isSupportedVersion(sent) ? sent : MCP_DEFAULT_LEGACY_VERSION;
}
