import { McpCaller } from './mcp-caller.interface';
import { JsonRpcMessage } from './json-rpc.interface';
import { McpEra, McpHttpRequest, McpRequestState } from './mcp-request.interface';

/** What a method handler is given: the message and what the pipeline proved about it. */
export interface McpMethodContext {
  message: JsonRpcMessage;
  params: Record<string, unknown>;
  era: McpEra;
  caller: McpCaller;
  state: McpRequestState;
  request: McpHttpRequest;
}
