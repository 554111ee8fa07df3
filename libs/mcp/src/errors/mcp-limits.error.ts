import { HttpStatus } from '@nestjs/common';
import { JsonRpcErrorCode } from '../mcp.constants';
import { JsonRpcException } from './json-rpc.error';
import { McpLimitsMessages } from '../limits/mcp-limits.messages';

/** 429 -32029 with `Retry-After` and `data.retry_after_seconds` (docs/protocol.md §6). */
export function rateLimited(retryAfterSeconds: number): JsonRpcException {
  const seconds = wholeSeconds(retryAfterSeconds);
  return new JsonRpcException(
    JsonRpcErrorCode.RateLimited,
    McpLimitsMessages.rateLimited(),
    HttpStatus.TOO_MANY_REQUESTS,
    { retry_after_seconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * 503 -32030 "Server unavailable" (or the host's `message` for the fault):
 * draining, saturated, or a transient fault. `Retry-After` unless the host
 * turned it off (`retryAfterOn503: false`).
 */
export function unavailable(retryAfterSeconds: number, withRetryAfter: boolean, message = McpLimitsMessages.unavailable()): JsonRpcException {
  return new JsonRpcException(
    JsonRpcErrorCode.Unavailable,
    message,
    HttpStatus.SERVICE_UNAVAILABLE,
    undefined,
    withRetryAfter ? { 'Retry-After': String(wholeSeconds(retryAfterSeconds)) } : {},
  );
}

/** `Retry-After` is whole seconds, at least 1: 0 would invite an immediate retry into the same wall. */
function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
}
