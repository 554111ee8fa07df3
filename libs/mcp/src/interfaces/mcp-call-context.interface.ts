import { McpEra } from './mcp-request.interface';

/** What `@McpContext()` gives a tool, resource or prompt method about the request that called it. */
export interface McpCallContext {
  era: McpEra;
  /** The protocol version in use. */
  protocolVersion: string;
  /** `clientInfo` of the era-2026 envelope, when sent. */
  clientInfo?: { name?: string; version?: string };
  /** Capabilities the client declared in the era-2026 envelope. */
  clientCapabilities?: Record<string, unknown>;
  /** The JSON-RPC id of the call. */
  requestId?: string | number;
  /** Era 2026: what the client answered to an earlier `McpInputRequired`, by key (`params.inputResponses`). */
  inputResponses?: Record<string, Record<string, unknown>>;
  /** Era 2026: the `requestState` of that `McpInputRequired`, echoed by the client (opaque, unverified). */
  requestState?: string;
  /**
   * `true` when a task tool's call runs as a task (the request declared the
   * tasks extension): what the method returns is then the task's handle, and
   * the tool's `status` method reports the work. Absent otherwise: the method
   * answers as it always does.
   */
  task?: true;
}

/** What `@McpContext()` gives a completion method: the call context, plus what is being completed. */
export interface McpCompletionContext extends McpCallContext {
  /** The argument or template variable being completed. */
  argument: string;
  /** Values the client already chose for the other arguments or variables. */
  arguments: Record<string, string>;
}
