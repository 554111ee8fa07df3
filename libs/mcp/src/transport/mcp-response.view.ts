import { JsonRpcId } from '../interfaces/json-rpc.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpPreparedResult } from '../results/mcp-prepared.view';
import { McpRawJson } from '../results/mcp-raw-json.view';

/** Writes one JSON answer of the MCP endpoint through the adapter's transport. */
export function sendMcpJson(transport: McpHttpTransport, response: McpHttpResponse, status: number, body: unknown): void {
  transport.sendJson(response, status, JSON.stringify(body));
}

/**
 * Writes a JSON-RPC result; a prepared one as its bytes, in the same envelope
 * (the envelope's head, then the prepared bytes as they are), and a tool's
 * `structuredContent` kept as JSON text ({@link McpRawJson}) as that text:
 * the same bytes `JSON.stringify` of the whole answer would write.
 */
export function sendMcpResult(
  transport: McpHttpTransport,
  response: McpHttpResponse,
  id: JsonRpcId,
  result: Record<string, unknown> | McpPreparedResult,
): void {
  if (result instanceof McpPreparedResult) {
    transport.sendJsonParts(response, 200, `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, result.tail);
  } else if (result.structuredContent instanceof McpRawJson) {
    transport.sendJson(response, 200, `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${stringifyWithRawJson(result)}}`);
  } else {
    transport.sendJson(response, 200, JSON.stringify({ jsonrpc: '2.0', id, result }));
  }
}

/**
 * `JSON.stringify(result)` for a plain object, with its {@link McpRawJson}
 * members written as their text: the same keys in the same order, a member
 * with no JSON (`undefined`, a function) left out as `JSON.stringify` does.
 */
function stringifyWithRawJson(result: Record<string, unknown>): string {
  let json = '';
  for (const key of Object.keys(result)) {
    const value = result[key];
    const member = value instanceof McpRawJson ? value.json : (JSON.stringify(value) as string | undefined);
    if (member === undefined) continue;
    json += `${json === '' ? '{' : ','}${JSON.stringify(key)}:${member}`;
  }
  return json === '' ? '{}' : `${json}}`;
}
