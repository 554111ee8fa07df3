import type { Response } from 'express';

/**
 * Writes one JSON answer of the MCP endpoint. Not Express's `res.json`: on
 * top of the same bytes and headers it hashes every body for an `ETag` and
 * checks request freshness, which a `no-store` answer to a POST never uses.
 */
export function sendMcpJson(response: Response, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
