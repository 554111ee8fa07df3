import { McpCaller } from './mcp-caller.interface';
import { JsonRpcId, JsonRpcMessage } from './json-rpc.interface';

/** The two protocol eras served on one endpoint. */
export type McpEra = '2026' | '2025';

/** What the pipeline learned about a request, step by step, kept on the request object. */
export interface McpRequestState {
  /** The parsed message, once the message guard accepted it. */
  message?: JsonRpcMessage;
  /** The id to echo in errors, as soon as one could be read. */
  id: JsonRpcId | null;
  /** Decided by the era guard. */
  era?: McpEra;
  /** The version answered in `MCP-Protocol-Version`. */
  version?: string;
  /** `params._meta` of an era-2026 request. */
  meta?: Record<string, unknown>;
}

/** The HTTP request as the module sees it: Express's or Fastify's, whose differences stay in the transport (`McpHttpTransport`). */
export interface McpHttpRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  user?: McpCaller;
  [key: symbol]: unknown;
}
