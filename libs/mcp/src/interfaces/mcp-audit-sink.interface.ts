import type { McpEra } from './mcp-request.interface';

/**
 * What the endpoint decided about one request that matters to a person:
 * - `allowed`: the tool ran (no confirmation needed);
 * - `confirmation_asked`: a destructive tool was not run; a person was asked (link or in-chat question);
 * - `confirmation_approved`: the person's yes was spent and the tool ran;
 * - `confirmation_declined`: the person said no (Cancel on the page, decline in the chat); nothing ran;
 * - `confirmation_expired`: the approval or the question had expired; nothing ran;
 * - `confirmation_replayed`: a yes that was already spent came back; nothing ran, the person is asked again;
 * - `invalid_arguments`: a destructive tool's arguments failed validation before anyone was asked;
 * - `unknown_tool`, `forbidden_tool` (the role may not use it; answered as unknown), `insufficient_scope` (403),
 *   `rate_limited` (429), `unavailable` (503): refused, nothing ran;
 * - `invalid_request`: any other refusal of a `tools/call` (malformed parameters, a forged `requestState`).
 */
export const MCP_AUDIT_DECISIONS = [
  'allowed',
  'confirmation_asked',
  'confirmation_approved',
  'confirmation_declined',
  'confirmation_expired',
  'confirmation_replayed',
  'invalid_arguments',
  'unknown_tool',
  'forbidden_tool',
  'insufficient_scope',
  'rate_limited',
  'unavailable',
  'invalid_request',
] as const;

/** One of {@link MCP_AUDIT_DECISIONS}. */
export type McpAuditDecision = (typeof MCP_AUDIT_DECISIONS)[number];

/** What came of it, as a list (see {@link McpAuditOutcome}). */
export const MCP_AUDIT_OUTCOMES = ['success', 'error_result', 'internal_error', 'not_run'] as const;

/**
 * What came of it: `success` (the tool answered), `error_result` (the route's
 * error as an `isError` result: the tool failed, or a destructive tool's
 * arguments failed validation before anyone was asked; `status` the route's
 * HTTP status), `internal_error` (a fault, `correlation_id` the one in the
 * log and in the answer), `not_run` (nothing ran: a refusal or a
 * confirmation step; `status` is the HTTP status answered).
 */
export type McpAuditOutcome = (typeof MCP_AUDIT_OUTCOMES)[number];

/** `clientInfo` as the client sent it (era 2026 envelope). Nothing verifies it. */
export interface McpAuditClientInfo {
  name: string | null;
  version: string | null;
  /** Always `true`: the client chose these values. */
  self_reported: true;
}

/** One decision of the MCP endpoint, as an audit sink receives it. Times are ISO-8601 (UTC). */
export interface McpAuditEvent {
  /**
   * A UUIDv7 (RFC 9562), unique per event: its first 48 bits are the time in
   * milliseconds, and ids from one process increase, so an index on it stays
   * ordered as events arrive. Order events by `time`, not by id, across processes.
   */
  id: string;
  /** When the request reached the endpoint's handler. */
  time: string;
  organization_id: string;
  /** The person (or service account) the token stands for. */
  subject: string;
  /** The OAuth client id, from the token. */
  client_id: string;
  /** The OAuth client's registered name, from the token; `null` when it has none. */
  client_name: string | null;
  /** `clientInfo` of the era-2026 envelope, when sent; `null` otherwise. */
  client_info: McpAuditClientInfo | null;
  era: McpEra;
  /** The protocol version the request was served in. */
  protocol_version: string | null;
  /** The JSON-RPC method. */
  method: string;
  /** The tool's name as asked for (`tools/call`); `null` for other methods. */
  tool: string | null;
  /** SHA-256 (hex) of the canonical arguments (the confirmation digest); `null` for other methods. */
  arguments_digest: string | null;
  /**
   * The arguments with every property the tool's DTO marks `@McpSensitive()`
   * removed; `null` for other methods, and for a tool that does not exist
   * (no DTO says what is sensitive there).
   */
  arguments: Record<string, unknown> | null;
  decision: McpAuditDecision;
  /** The approval link's id (confirmation by link); `null` otherwise. */
  approval_id: string | null;
  /** The subject of the person who approved or cancelled it, when known. */
  approved_by: string | null;
  outcome: McpAuditOutcome;
  /** HTTP status: the route's for `error_result` (`null` when the result names none), the answer's otherwise (200 for a result). */
  status: number | null;
  /** JSON-RPC error code of an error answer; `null` for a result. */
  error_code: number | null;
  /** The correlation id of an `internal_error`, as logged and answered. */
  correlation_id: string | null;
  /** Milliseconds from the handler's start to the answer. */
  duration_ms: number;
  /**
   * The OpenTelemetry trace id (32 hex digits) of the request's span, when a
   * registered SDK sampled it; absent otherwise (no SDK: nothing is read).
   */
  trace_id?: string;
}

/**
 * Where audit events go (a database table, a log pipeline). The module calls
 * {@link McpAuditSink.write} after the answer is decided and never waits for
 * it: a sink that throws or rejects is logged and counted, never felt by the
 * caller. A sink should return quickly (batch if it must).
 */
export interface McpAuditSink {
  write(event: McpAuditEvent): void | Promise<void>;
}

/** Injection token of the {@link McpAuditSink} (same name as the interface, as `McpConfirmationStore`). */
export const McpAuditSink = Symbol('McpAuditSink');
