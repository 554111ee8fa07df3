import { McpHttpRequest } from './mcp-request.interface';

/**
 * The response object of the HTTP adapter in use, handed back to the
 * transport as Nest gave it (Express's `Response`, Fastify's `FastifyReply`);
 * nothing above the transport looks inside it.
 */
export type McpHttpResponse = object;

/** Why a body could not be read: over the byte limit (the rest is being drained), or a broken stream. */
export type McpBodyRefusal = 'too-large' | 'unreadable';

/**
 * What the MCP endpoint needs from the HTTP framework, implemented once per
 * adapter (`transport/`), as Nest's `AbstractHttpAdapter` is: the guards,
 * the controller and the exception filter talk to this port and never to
 * Express or Fastify. The implementation is chosen at start-up from
 * `HttpAdapterHost.httpAdapter.getType()`.
 */
export interface McpHttpTransport {
  /** The adapter this implementation serves, as `getType()` names it. */
  readonly type: string;
  /**
   * Reads the raw request body, never more than `limit` bytes (chunked
   * bodies included). Past the limit, reading stops, the rest is drained so
   * the 413 reaches the client, and `'too-large'` is answered.
   */
  readBody(request: McpHttpRequest, response: McpHttpResponse, limit: number): Promise<Buffer | McpBodyRefusal>;
  /**
   * Reads and drops the rest of a body the endpoint refuses before reading it
   * (a declared size over the limit), and closes the connection once the
   * answer is written, so the refusal is not lost to a reset.
   */
  drain(request: McpHttpRequest, response: McpHttpResponse): void;
  /** Calls `listener` once, when the response is over or the client went away. */
  onClosed(response: McpHttpResponse, listener: () => void): void;
  /** Whether the status line and headers are already on their way. */
  isAnswered(response: McpHttpResponse): boolean;
  /** Sets one response header, kept until the answer is written. */
  setHeader(response: McpHttpResponse, name: string, value: string): void;
  /** Writes a JSON answer: `Content-Type: application/json; charset=utf-8`, its length, the text. */
  sendJson(response: McpHttpResponse, status: number, json: string): void;
  /** Writes a JSON answer made of a head and a tail of bytes already serialized, without copying the tail where the framework allows. */
  sendJsonParts(response: McpHttpResponse, status: number, head: string, tail: Buffer): void;
  /** Writes an answer without a body (202 to a notification). */
  sendEmpty(response: McpHttpResponse, status: number): void;
}

/** Injection token of the {@link McpHttpTransport} (same name, as Nest's own modules do). */
export const McpHttpTransport = Symbol('McpHttpTransport');
