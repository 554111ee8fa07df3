import { JsonRpcErrorCode } from '../mcp.constants';
import { McpEra } from '../interfaces/mcp-request.interface';
import { JsonRpcException } from '../errors/json-rpc.exception';
import { McpMessages } from '../mcp.messages';

/** -32602 with the HTTP status of the era: 400 in 2026-07-28, 200 in 2025. */
export function invalidParams(era: McpEra, message: string, data?: unknown): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidParams, message, era === '2026' ? 400 : 200, data);
}

/** Reads an optional string param, refusing other types. */
export function optionalString(params: Record<string, unknown>, key: string, era: McpEra): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParams(era, McpMessages.invalidParams(`"${key}" must be a string`));
  return value;
}

/** List methods never hand out cursors (every list fits one page), so any cursor is one the server did not issue. */
export function rejectCursor(params: Record<string, unknown>, era: McpEra): void {
  if (optionalString(params, 'cursor', era) !== undefined) throw invalidParams(era, McpMessages.invalidCursor());
}
