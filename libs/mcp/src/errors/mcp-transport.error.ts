import { HttpStatus } from '@nestjs/common';
import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { JsonRpcException } from './json-rpc.error';

/*
 * The answers to a request the endpoint cannot take as an MCP message at all:
 * wrong HTTP method, foreign origin, a body too large or not JSON-RPC, a
 * transport header that contradicts the body.
 */

/** 405 with `Allow: POST`, no id: GET (no server stream), DELETE (no session) and every other method. */
export function methodNotAllowed(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, McpMessages.methodNotAllowed(), 405, undefined, { Allow: 'POST' }, true);
}

/** 403 for a browser `Origin` that is neither the server's own nor allowed; no id, the body is not read. */
export function originForbidden(origin: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, McpMessages.originForbidden(origin), HttpStatus.FORBIDDEN, undefined, {}, true);
}

/** 413 with the exact body of docs/protocol.md §1 (`id: null`), and the connection closed: the rest of the body is dropped, never parsed. */
export function bodyTooLarge(limit: number): JsonRpcException {
  return new JsonRpcException(
    JsonRpcErrorCode.InvalidRequest,
    McpMessages.bodyTooLarge(limit),
    HttpStatus.PAYLOAD_TOO_LARGE,
    undefined,
    { Connection: 'close' },
    true,
  );
}

/** 415: the body is not declared as `application/json`. */
export function unsupportedMediaType(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, McpMessages.unsupportedMediaType(), HttpStatus.UNSUPPORTED_MEDIA_TYPE);
}

/** 400 -32700: the body is not UTF-8 JSON. */
export function parseError(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.ParseError, McpMessages.parseError());
}

/** 400 -32700: JSON nested deeper than `limit`, refused before it is parsed. */
export function jsonTooDeep(limit: number): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.ParseError, McpMessages.tooDeep(limit));
}

/** 400 -32700: `__proto__` or `constructor.prototype` in the body. */
export function forbiddenKey(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.ParseError, McpMessages.forbiddenKey());
}

/** 400 -32600: a JSON array, which JSON-RPC would read as a batch. */
export function batchNotSupported(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, McpMessages.batchNotSupported());
}

/** 400 -32600 for a message that is not valid JSON-RPC 2.0. */
export function invalidRequest(why: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, McpMessages.invalidRequest(why));
}

/** 400 -32020: a transport header disagrees with the body. */
export function headerMismatch(header: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.HeaderMismatch, McpMessages.headerMismatch(header));
}
