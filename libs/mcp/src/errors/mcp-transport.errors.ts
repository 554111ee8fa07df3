import { HttpStatus } from '@nestjs/common';
import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { JsonRpcException } from './json-rpc.exception';

/** 413 with the exact body of the seeds (`id: null`), and the connection closed: the rest of the body is not read. */
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

/** 400 -32600 for a message that is not valid JSON-RPC 2.0. */
export function invalidRequest(why: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, McpMessages.invalidRequest(why));
}

/** 400 -32020: a transport header disagrees with the body. */
export function headerMismatch(header: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.HeaderMismatch, McpMessages.headerMismatch(header));
}
