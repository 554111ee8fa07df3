import { MCP_META } from '../mcp.constants';
import { McpCallContext } from '../interfaces/mcp-call-context.interface';
import { McpMethodContext } from './mcp-method.handler';

/** What `@McpContext()` receives, read from what the pipeline proved about the request. */
export function mcpCallContext({ era, state, message }: McpMethodContext): McpCallContext {
  return {
    era,
    protocolVersion: state.version!,
    clientInfo: state.meta?.[MCP_META.clientInfo] as McpCallContext['clientInfo'],
    clientCapabilities: state.meta?.[MCP_META.clientCapabilities] as Record<string, unknown> | undefined,
    requestId: message.id,
  };
}
