import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { v7 as timeOrderedUuid } from 'uuid';
import { JsonRpcErrorCode, MCP_META } from '../mcp.constants';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpAuditClientInfo, McpAuditDecision, McpAuditEvent, McpAuditSink } from '../interfaces/mcp-audit-sink.interface';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import { isRoleAllowed } from '../discovery/mcp-access.policy';
import { confirmationDigest } from '../confirmation/mcp-confirmation-digest.util';
import { mcpState } from '../transport/mcp-request-state.util';
import { McpAuditFailure, McpAuditNote, auditNote, startAuditNote } from './mcp-audit-note.util';
import { McpSensitivePlan, toolSensitivePlan, withoutSensitive } from './mcp-sensitive.policy';
import { McpAuditMessages } from './mcp-audit.messages';

/** Longest `clientInfo` text kept: the client chooses it. */
const CLIENT_INFO_MAX_LENGTH = 200;

/** Refusals of other methods than `tools/call` that are recorded too. */
const REFUSALS_OF_ANY_METHOD: ReadonlySet<McpAuditDecision> = new Set(['insufficient_scope', 'rate_limited', 'unavailable']);

/**
 * Builds one {@link McpAuditEvent} per decision of the endpoint that matters
 * to a person (every `tools/call`; any method refused for scope, rate or
 * availability) and hands it to the host's {@link McpAuditSink} after the
 * answer is written. Writing never fails, delays or changes an answer: a
 * sink that throws or rejects is logged once per run of failures and counted
 * in {@link failures}.
 */
@Injectable()
export class McpAuditEmitter implements OnApplicationBootstrap {
  private readonly logger = new Logger('McpModule');
  private readonly plans = new Map<string, McpSensitivePlan | undefined>();
  private failed = 0;
  /** Failures since the last successful write; a run of failures is logged once. */
  private failing = 0;

  constructor(
    @Inject(McpAuditSink) private readonly sink: McpAuditSink,
    private readonly tools: McpToolRegistry,
  ) {}

  /** Events the sink failed to write since start-up. */
  get failures(): number {
    return this.failed;
  }

  /** Reads `@McpSensitive()` of every tool's DTO (or `x-mcp-sensitive` of its schema) once, after discovery filled the registry. */
  onApplicationBootstrap(): void {
    for (const tool of this.tools.list()) this.plans.set(tool.name, toolSensitivePlan(tool));
  }

  /**
   * The handler started: authentication passed, so what follows may be
   * recorded. `traceId` is the request's span's, when an SDK sampled it.
   */
  begin(request: McpHttpRequest, traceId?: string): McpAuditNote {
    const note = startAuditNote(request, (failure) => this.failedWith(request, failure));
    if (traceId !== undefined) note.traceId = traceId;
    return note;
  }

  /** A result was written. A `tools/call` is recorded, and a `tasks/update` or `tasks/cancel` that reached its task. */
  answered(request: McpHttpRequest, result: unknown): void {
    const note = auditNote(request);
    if (!note || note.done || (mcpState(request).message?.method !== 'tools/call' && !note.task)) return;
    const record = (result ?? {}) as { isError?: unknown; content?: unknown };
    const decision = this.decisionOf(note);
    // The route's answer: the tool ran, or its arguments failed the route's validation before anyone was asked.
    const routeAnswered = note.ran || decision === 'invalid_arguments';
    const isError = routeAnswered && record.isError === true;
    const routeStatus = isError ? statusCodeOf(record.content) : undefined;
    this.emit(request, note, {
      decision,
      outcome: isError ? 'error_result' : note.ran ? 'success' : 'not_run',
      status: isError ? (typeof routeStatus === 'number' ? routeStatus : null) : 200,
      error_code: null,
      correlation_id: null,
    });
  }

  private failedWith(request: McpHttpRequest, failure: McpAuditFailure): void {
    const note = auditNote(request);
    if (!note || note.done) return;
    const method = mcpState(request).message?.method;
    const decision = note.ran ? this.decisionOf(note) : this.refusal(request, failure);
    if (method !== 'tools/call' && !REFUSALS_OF_ANY_METHOD.has(decision)) return;
    const fault = note.ran || failure.code === JsonRpcErrorCode.InternalError;
    this.emit(request, note, {
      decision,
      outcome: fault ? 'internal_error' : 'not_run',
      status: failure.status,
      error_code: failure.code,
      correlation_id: failure.correlationId,
    });
  }

  private decisionOf(note: McpAuditNote): McpAuditDecision {
    return note.step?.decision ?? 'allowed';
  }

  /** Why a request that ran nothing was refused. */
  private refusal(request: McpHttpRequest, failure: McpAuditFailure): McpAuditDecision {
    if (failure.insufficientScope) return 'insufficient_scope';
    if (failure.code === JsonRpcErrorCode.RateLimited) return 'rate_limited';
    if (failure.code === JsonRpcErrorCode.Unavailable) return 'unavailable';
    if (failure.code === JsonRpcErrorCode.InternalError) return auditNote(request)?.step?.decision ?? 'allowed';
    const name = toolName(request);
    if (name === undefined) return 'invalid_request';
    const tool = this.tools.get(name);
    if (!tool) return 'unknown_tool';
    if (!isRoleAllowed(tool, request.user!)) return 'forbidden_tool';
    return 'invalid_request';
  }

  private emit(
    request: McpHttpRequest,
    note: McpAuditNote,
    decided: Pick<McpAuditEvent, 'decision' | 'outcome' | 'status' | 'error_code' | 'correlation_id'>,
  ): void {
    note.done = true;
    let event: McpAuditEvent;
    try {
      event = this.event(request, note, decided);
    } catch (error) {
      return this.lost(error);
    }
    try {
      const pending = this.sink.write(event);
      if (pending && typeof pending.then === 'function')
        pending.then(
          () => this.wrote(),
          (error: unknown) => this.lost(error),
        );
      else this.wrote();
    } catch (error) {
      this.lost(error);
    }
  }

  private event(
    request: McpHttpRequest,
    note: McpAuditNote,
    decided: Pick<McpAuditEvent, 'decision' | 'outcome' | 'status' | 'error_code' | 'correlation_id'>,
  ): McpAuditEvent {
    const state = mcpState(request);
    const caller = request.user!;
    const method = state.message?.method ?? '';
    const isCall = method === 'tools/call';
    const name = isCall ? (toolName(request) ?? null) : (note.task?.tool ?? null);
    // A task method's only argument is its task: the event says which one.
    const args = isCall ? toolArguments(request) : note.task ? { task_id: note.task.id } : undefined;
    const known = name !== null && this.tools.get(name) !== undefined;
    return {
      // Time-ordered (UUIDv7): a store's index on the id appends instead of writing a random page per event.
      id: timeOrderedUuid(),
      time: note.time.toISOString(),
      organization_id: caller.organization_id,
      subject: caller.subject,
      client_id: caller.client_id,
      client_name: caller.client_name ?? null,
      client_info: state.era === '2026' ? clientInfoOf(state.meta?.[MCP_META.clientInfo]) : null,
      era: state.era!,
      protocol_version: state.version ?? null,
      method,
      tool: name,
      arguments_digest: args ? confirmationDigest(args) : null,
      // A tool that does not exist has no DTO to say what is sensitive: nothing of its arguments is kept.
      arguments: args && known ? (isCall ? withoutSensitive(args, this.plans.get(name!)) : args) : null,
      ...decided,
      approval_id: note.step?.approval_id ?? null,
      approved_by: note.step?.approved_by ?? null,
      duration_ms: Math.round((performance.now() - note.started) * 1000) / 1000,
      // Only when there is one, so a host without traces sees the events it always did.
      ...(note.traceId === undefined ? {} : { trace_id: note.traceId }),
    };
  }

  private wrote(): void {
    if (this.failing === 0) return;
    this.logger.warn(McpAuditMessages.sinkRecovered(this.failing));
    this.failing = 0;
  }

  private lost(error: unknown): void {
    this.failed++;
    if (this.failing++ === 0) this.logger.error(McpAuditMessages.sinkFailed(error instanceof Error ? error.message : String(error)));
  }
}

/**
 * `statusCode` of the route's error body: an error result carries it as its
 * first text block only (no `structuredContent`), read back for an error
 * result alone. A text that is not the route's JSON (a confirmation declined)
 * has none.
 */
function statusCodeOf(content: unknown): unknown {
  const first: unknown = Array.isArray(content) ? content[0] : undefined;
  const text = (first as { type?: unknown; text?: unknown } | undefined)?.type === 'text' ? (first as { text: unknown }).text : undefined;
  if (typeof text !== 'string' || text.charCodeAt(0) !== 0x7b) return undefined;
  try {
    return (JSON.parse(text) as { statusCode?: unknown }).statusCode;
  } catch {
    return undefined;
  }
}

function toolName(request: McpHttpRequest): string | undefined {
  const name = mcpState(request).message?.params?.name;
  return typeof name === 'string' ? name : undefined;
}

function toolArguments(request: McpHttpRequest): Record<string, unknown> | undefined {
  const args = mcpState(request).message?.params?.arguments;
  if (args === undefined) return {};
  return args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
}

function clientInfoOf(value: unknown): McpAuditClientInfo | null {
  if (value === null || typeof value !== 'object') return null;
  const { name, version } = value as Record<string, unknown>;
  const text = (item: unknown) => (typeof item === 'string' ? item.slice(0, CLIENT_INFO_MAX_LENGTH) : null);
  return { name: text(name), version: text(version), self_reported: true };
}
