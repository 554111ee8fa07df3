import { HttpStatus } from '@nestjs/common';
import { JsonRpcErrorObject } from '../interfaces/json-rpc.interface';
import { McpAnswerError } from './mcp-answer.error';

/**
 * A protocol error: answered as a JSON-RPC error with its HTTP status by the
 * module's exception filter, the only place such bodies are built. It carries
 * no stack: it is an answer, not a fault.
 */
export class JsonRpcException extends McpAnswerError {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number = HttpStatus.BAD_REQUEST,
    readonly data?: unknown,
    /** Extra response headers (e.g. `Allow`, `Retry-After`). */
    readonly headers: Record<string, string> = {},
    /** Some transport errors must not echo an id (Origin, body size). */
    readonly withoutId = false,
  ) {
    super(message);
  }

  /** The `error` member of the response. */
  toErrorObject(): JsonRpcErrorObject {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}
