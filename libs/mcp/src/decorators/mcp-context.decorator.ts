import { createMcpParamDecorator } from './mcp-param.decorator';

/**
 * The parameter receives the `McpCallContext` of the call: era, protocol
 * version, client info and capabilities of the request. A completion method
 * gets an `McpCompletionContext`, which adds what is being completed.
 */
export const McpContext = createMcpParamDecorator('context');
