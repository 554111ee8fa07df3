import { JsonRpcErrorCode, MCP_SUPPORTED_VERSIONS } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { JsonRpcException } from './json-rpc.error';

/** 400 -32022 with what the server speaks and what the client asked for, so it can pick another version. */
export function unsupportedVersion(requested: unknown): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.UnsupportedProtocolVersion, McpMessages.unsupportedVersion(), 400, {
    supported: [...MCP_SUPPORTED_VERSIONS],
    requested,
  });
}

/** 400 -32602: the header asks for the stateless era and the body has no envelope; never downgraded silently. */
export function envelopeRequired(version: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidParams, McpMessages.envelopeRequired(version));
}

/** 400 -32602: the era-2026 envelope does not state the client's capabilities as an object. */
export function capabilitiesRequired(): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidParams, McpMessages.capabilitiesRequired());
}
