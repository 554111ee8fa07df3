/** A JSON-RPC id: the spec allows strings and numbers (MCP forbids null). */
export type JsonRpcId = string | number;

/** A JSON-RPC 2.0 request (with `id`) or notification (without). */
export interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}

/** The error member of a JSON-RPC response. */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}
