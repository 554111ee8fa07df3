import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { McpEra } from '../interfaces/mcp-request.interface';
import { JsonRpcException } from './json-rpc.error';

/*
 * The answers of a method that cannot run as asked. Their HTTP status
 * follows the era: 2026-07-28 says it in the status, 2025 answers 200 and
 * says it in the body only.
 */

/** -32601, 404 in era 2026 (so a legacy client can tell a modern server apart), 200 in 2025. */
export function methodNotFound(method: string, era: McpEra): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.MethodNotFound, McpMessages.methodNotFound(method), era === '2026' ? 404 : 200);
}

/** -32602 with the HTTP status of the era: 400 in 2026-07-28, 200 in 2025. */
export function invalidParams(era: McpEra, message: string, data?: unknown): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidParams, message, era === '2026' ? 400 : 200, data);
}

/**
 * A resource the caller cannot read, whatever the reason: era 2026 folds it
 * into -32602 (HTTP 400), era 2025 keeps its own -32002 (HTTP 200). Both
 * name the URI.
 */
export function resourceNotFound(era: McpEra, uri: string): JsonRpcException {
  return era === '2026'
    ? new JsonRpcException(JsonRpcErrorCode.InvalidParams, McpMessages.resourceNotFound(), 400, { uri })
    : new JsonRpcException(JsonRpcErrorCode.ResourceNotFound, McpMessages.resourceNotFound(), 200, { uri });
}
