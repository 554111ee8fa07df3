import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The parameter receives the `McpCallContext` of the call: era, protocol
 * version, client info and capabilities of the request.
 */
export const McpContext = createMcpParamDecorator('context');
