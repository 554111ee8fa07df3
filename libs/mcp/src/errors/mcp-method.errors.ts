import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { McpEra } from '../interfaces/mcp-request.interface';
import { JsonRpcException } from './json-rpc.exception';
import { McpAuthException } from './mcp-auth.exception';

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

/** 403 with the `insufficient_scope` challenge naming every scope needed, so the client can step up. */
export function insufficientScope(kind: string, needed: readonly string[], missing: string[]): McpAuthException {
  return new McpAuthException(403, 'insufficient_scope', McpMessages.insufficientScope(kind, missing), {
    error: 'insufficient_scope',
    scope: needed.join(' '),
  });
}
