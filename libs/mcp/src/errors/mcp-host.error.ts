import { HttpException, HttpStatus } from '@nestjs/common';
import { JsonRpcErrorCode } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';
import { JsonRpcException } from './json-rpc.error';

/** A host-wide guard or pipe refused the request (status < 500): its status is kept, in JSON-RPC. */
export function refusedByHost(exception: HttpException): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InvalidRequest, exception.message, exception.getStatus());
}

/** 500 -32603 for a fault: the details are logged under the correlation id, never shown. */
export function internalError(correlationId: string): JsonRpcException {
  return new JsonRpcException(JsonRpcErrorCode.InternalError, McpMessages.internalError(), HttpStatus.INTERNAL_SERVER_ERROR, {
    correlation_id: correlationId,
  });
}
