import type { Response } from 'express';
import { JsonRpcId } from '../interfaces/json-rpc.interface';
import { McpPreparedResult } from '../results/mcp-prepared.view';
import { McpRawJson } from '../results/mcp-raw-json.view';

/**
 * Writes one JSON answer of the MCP endpoint. Not Express's `res.json`: on
 * top of the same bytes and headers it hashes every body for an `ETag` and
 * checks request freshness, which a `no-store` answer to a POST never uses.
 */
export function sendMcpJson(response: Response, status: number, body: unknown): void {
  writeJson(response, status, JSON.stringify(body));
}

/**
 * Writes a JSON-RPC result; a prepared one as its bytes, in the same envelope,
 * and a tool's `structuredContent` kept as JSON text ({@link McpRawJson}) as
 * that text: the same bytes `JSON.stringify` of the whole answer would write.
 */
export function sendMcpResult(response: Response, id: JsonRpcId, result: Record<string, unknown> | McpPreparedResult): void {
  if (result instanceof McpPreparedResult) {
    writePrepared(response, `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, result.tail);
  } else if (result.structuredContent instanceof McpRawJson) {
    writeJson(response, 200, `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${stringifyWithRawJson(result)}}`);
  } else {
    writeJson(response, 200, JSON.stringify({ jsonrpc: '2.0', id, result }));
  }
}

/**
 * The envelope's head, then the prepared bytes as they are: one `writev` of
 * two chunks (the response is corked), where concatenating them copied a
 * list of hundreds of tool schemas on every answer.
 */
function writePrepared(response: Response, head: string, tail: Buffer): void {
  response.statusCode = 200;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(head) + tail.length);
  response.cork();
  response.write(head);
  response.end(tail);
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

function writeJson(response: Response, status: number, json: string | Buffer): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
