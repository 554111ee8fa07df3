import { McpCaller } from './mcp-caller.interface';
import { McpRateLimitClass } from './mcp-limits-options.interface';

/** What the host is asked about, once a request passed its rate limit. */
export interface McpAvailabilityCall {
  caller: McpCaller;
  method: string;
  /** The tool of a `tools/call`, when it exists. */
  toolName?: string;
  toolClass: McpRateLimitClass;
}

/**
 * The host's say on whether this replica takes a call now, e.g. "the
 * execution queue is saturated". An unavailable call is answered 503,
 * -32030 "Server unavailable" (with `Retry-After` unless `retryAfterOn503`
 * is false) and nothing runs.
 */
export interface McpAvailability {
  /** @returns `undefined` to take the call, or the seconds after which the client should retry. */
  unavailableFor(call: McpAvailabilityCall): number | undefined | Promise<number | undefined>;
  /**
   * Optional: whether an error thrown while serving is transient (a database
   * locked for a moment, a pool exhausted). Such an error is answered like an
   * unavailable call, so the client retries, instead of 500 "Internal error".
   * @returns the seconds after which a retry should succeed, or `undefined` for a real failure.
   */
  retryAfterOnError?(error: unknown): number | undefined;
  /**
   * Optional: the -32030's `message` for such an error, when the client is
   * better told more than "Server unavailable" (the storage is full).
   * @returns the message, or `undefined` for the usual one.
   */
  messageOnError?(error: unknown): string | undefined;
}

/** Injection token of the {@link McpAvailability} the module consults (the `availability` option). */
export const McpAvailability = Symbol('McpAvailability');
