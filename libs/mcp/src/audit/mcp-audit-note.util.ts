import type { McpHttpRequest } from '../interfaces/mcp-request.interface';
import type { McpAuditDecision } from '../interfaces/mcp-audit-sink.interface';

const NOTE = Symbol('kobana:mcp:audit-note');

/** What a confirmation step tells the audit trail (see `McpConfirmationOutcome.step`). */
export interface McpConfirmationStep {
  decision: McpAuditDecision;
  approval_id?: string;
  approved_by?: string | null;
}

/** How the request ended, as the exception filter knows it. */
export interface McpAuditFailure {
  status: number;
  /** JSON-RPC code; `null` for an OAuth answer (403 `insufficient_scope`). */
  code: number | null;
  insufficientScope: boolean;
  correlationId: string | null;
}

/**
 * What the audit trail learns about one request on its way, kept on the
 * request under a private symbol (as the pipeline's state): set when the
 * controller's handler starts (authentication passed), completed by the
 * tool's handler, read once when the answer is written.
 */
export interface McpAuditNote {
  time: Date;
  /** `performance.now()` at the start, for the duration. */
  started: number;
  step?: McpConfirmationStep;
  /** The tool's method was called. */
  ran: boolean;
  /** `tasks/update` or `tasks/cancel`: the task it acted on, and the tool whose call created it. */
  task?: { tool: string; id: string };
  /** The OpenTelemetry trace id of the request's span, when an SDK sampled it. */
  traceId?: string;
  /** The event was handed to the sink (one per request). */
  done: boolean;
  /** Called by the filter once the error answer is written. */
  fail: (failure: McpAuditFailure) => void;
}

/** The note of a request, when its handler started. */
export function auditNote(request: McpHttpRequest): McpAuditNote | undefined {
  return request[NOTE] as McpAuditNote | undefined;
}

/** Starts the note of a request. */
export function startAuditNote(request: McpHttpRequest, fail: McpAuditNote['fail']): McpAuditNote {
  const note: McpAuditNote = { time: new Date(), started: performance.now(), ran: false, done: false, fail };
  request[NOTE] = note;
  return note;
}

/** Records what the confirmation gate decided, and whether the tool now runs. */
export function noteConfirmation(request: McpHttpRequest, step: McpConfirmationStep | undefined, runs: boolean): void {
  const note = auditNote(request);
  if (!note) return;
  note.step = step;
  note.ran = runs;
}

/** Records the task a `tasks/update` or `tasks/cancel` acted on: that request is then recorded as well. */
export function noteTask(request: McpHttpRequest, tool: string, id: string): void {
  const note = auditNote(request);
  if (!note) return;
  note.task = { tool, id };
  note.ran = true;
}

/** The filter's side: the error answer is written; the event is sent if the request had one coming. */
export function auditFailure(request: McpHttpRequest, failure: McpAuditFailure): void {
  auditNote(request)?.fail(failure);
}
