import type { Response } from 'express';
import { JsonRpcId } from '../interfaces/json-rpc.interface';
import { McpPreparedResult } from '../results/mcp-prepared.result';

/**
 * Writes one JSON answer of the MCP endpoint. Not Express's `res.json`: on
 * top of the same bytes and headers it hashes every body for an `ETag` and
 * checks request freshness, which a `no-store` answer to a POST never uses.
 */
export function sendMcpJson(response: Response, status: number, body: unknown): void {
  writeJson(response, status, JSON.stringify(body));
}

/** Writes a JSON-RPC result; a prepared one as its bytes, in the same envelope. */
export function sendMcpResult(response: Response, id: JsonRpcId, result: Record<string, unknown> | McpPreparedResult): void {
  if (result instanceof McpPreparedResult) {
    const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, 'utf8');
    writeJson(response, 200, Buffer.concat([head, result.bytes, CLOSING_BRACE], head.length + result.bytes.length + 1));
  } else {
    writeJson(response, 200, JSON.stringify({ jsonrpc: '2.0', id, result }));
  }
}

const CLOSING_BRACE = Buffer.from('}');

function writeJson(response: Response, status: number, json: string | Buffer): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
