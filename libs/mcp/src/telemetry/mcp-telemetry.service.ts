import { Injectable } from '@nestjs/common';
import {
  Attributes,
  Context,
  Counter,
  Histogram,
  Span,
  SpanKind,
  SpanStatusCode,
  Tracer,
  ProxyTracerProvider,
  TraceFlags,
  ValueType,
  context,
  createNoopMeter,
  metrics,
  trace,
} from '@opentelemetry/api';
import { JsonRpcMessage } from '../interfaces/json-rpc.interface';
import { JsonRpcErrorCode } from '../mcp.constants';
import { JsonRpcException } from '../errors/json-rpc.error';
import { MCP_ATTR, MCP_TOOL_ERROR, mcpOperationAttributes, mcpSpanName, mcpSpanOnlyAttributes } from './mcp-telemetry-attributes.util';
import { mcpSpanParent } from './mcp-trace-context.parser';
import { MCP_METRIC, MCP_DURATION_BUCKETS, MCP_INSTRUMENTATION } from './mcp-telemetry.constants';

/** One MCP request or notification being served: its span and what its metric will carry. */
export interface McpOperation {
  readonly span: Span;
  /** The span's context, under which the method runs (so the service's spans and SQL nest in it). */
  readonly context: Context;
  /** Shared by span and metric; `error.type` is added at the end. */
  readonly attributes: Attributes;
  readonly startedAt: number;
}

/** How an operation ended: a thrown error, or the result written. */
export interface McpOperationEnd {
  error?: unknown;
  result?: unknown;
}

/** The noop meter's class: a meter of that class records nothing (no SDK registered). */
const NOOP_METER = createNoopMeter().constructor;
/** What the API's global tracer provider delegates to while no SDK is registered. */
const NOOP_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();

/** Whether an SDK is registered for traces; read per request, since a host may register one after the module started. */
function tracing(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegate() !== NOOP_TRACER_PROVIDER;
}

/**
 * The module's traces and metrics, through `@opentelemetry/api` only: the
 * host decides on an SDK. Tracer, meter and instruments are obtained once,
 * when the module starts (the host registers its SDK before that, see the
 * README). Without an SDK, spans are the API's non-recording ones and
 * `start` returns `undefined`, so a request builds no attribute, reads no
 * clock and opens no context.
 */
@Injectable()
export class McpTelemetry {
  private readonly tracer: Tracer = trace.getTracer(MCP_INSTRUMENTATION.name, MCP_INSTRUMENTATION.version);
  private readonly metricsOn: boolean;
  private readonly duration: Histogram;
  private readonly rateLimited: Counter;
  private readonly confirmations: Counter;

  constructor() {
    const meter = metrics.getMeter(MCP_INSTRUMENTATION.name, MCP_INSTRUMENTATION.version);
    this.metricsOn = !(meter instanceof NOOP_METER);
    this.duration = meter.createHistogram(MCP_METRIC.operationDuration, {
      description: 'MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.',
      unit: 's',
      valueType: ValueType.DOUBLE,
      advice: { explicitBucketBoundaries: MCP_DURATION_BUCKETS },
    });
    this.rateLimited = meter.createCounter(MCP_METRIC.rateLimitRefusals, {
      description: 'MCP requests refused by the rate limit (429 -32029).',
      unit: '{request}',
      valueType: ValueType.INT,
    });
    this.confirmations = meter.createCounter(MCP_METRIC.confirmations, {
      description: 'Calls of destructive tools that went through confirmation, by channel and outcome.',
      unit: '{call}',
      valueType: ValueType.INT,
    });
  }

  /**
   * Opens the server span of a message once its method is known, parented as
   * the MCP conventions say (see {@link mcpSpanParent}); `undefined` when
   * neither traces nor metrics are recorded.
   */
  start(message: JsonRpcMessage, headers: Record<string, string | string[] | undefined>): McpOperation | undefined {
    if (!this.metricsOn && !tracing()) return undefined;
    const { parent, links } = mcpSpanParent(message, headers);
    const span = this.tracer.startSpan(message.method, { kind: SpanKind.SERVER, links }, parent);
    const recording = span.isRecording();
    if (!recording && !this.metricsOn) return undefined;
    const attributes = mcpOperationAttributes(message);
    if (recording) {
      span.updateName(mcpSpanName(message));
      span.setAttributes(attributes);
      span.setAttributes(mcpSpanOnlyAttributes(message));
    }
    return { span, context: trace.setSpan(parent, span), attributes, startedAt: performance.now() };
  }

  /**
   * The trace id of the operation's span when it is recorded and sampled (so
   * the trace reaches the host's backend), for the audit event; `undefined`
   * without a span, which is always the case without an SDK.
   */
  traceIdOf(operation: McpOperation | undefined): string | undefined {
    if (!operation?.span.isRecording()) return undefined;
    const { traceId, traceFlags } = operation.span.spanContext();
    return traceFlags & TraceFlags.SAMPLED ? traceId : undefined;
  }

  /** Runs `work` with the operation's span active (or as is, without one). */
  run<T>(operation: McpOperation | undefined, work: () => T): T {
    return operation ? context.with(operation.context, work) : work();
  }

  /**
   * Closes the span and records the duration, with the protocol version in
   * use (known only now for `initialize`) and `error.type` when the
   * operation failed.
   */
  end(operation: McpOperation | undefined, protocolVersion: string | undefined, { error, result }: McpOperationEnd): void {
    if (!operation) return;
    const { span, attributes } = operation;
    const seconds = (performance.now() - operation.startedAt) / 1000;
    if (protocolVersion !== undefined) attributes[MCP_ATTR.protocolVersion] = protocolVersion;
    if (error !== undefined) {
      const code = error instanceof JsonRpcException ? String(error.code) : undefined;
      attributes[MCP_ATTR.errorType] = code ?? errorClassOf(error);
      if (code !== undefined) span.setAttribute(MCP_ATTR.responseStatusCode, code);
      // The answer's message for a protocol error; a fault's message stays in the log, under its correlation id.
      span.setStatus({ code: SpanStatusCode.ERROR, message: code !== undefined ? (error as JsonRpcException).message : undefined });
      if (error instanceof JsonRpcException && error.code === JsonRpcErrorCode.RateLimited) this.countRateLimited(attributes);
    } else if (isToolError(result)) {
      attributes[MCP_ATTR.errorType] = MCP_TOOL_ERROR;
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    if (span.isRecording()) {
      if (protocolVersion !== undefined) span.setAttribute(MCP_ATTR.protocolVersion, protocolVersion);
      if (attributes[MCP_ATTR.errorType] !== undefined) span.setAttribute(MCP_ATTR.errorType, attributes[MCP_ATTR.errorType]);
    }
    span.end();
    this.duration.record(seconds, attributes);
  }

  /**
   * Counts a call of a destructive tool at its confirmation step: `confirmed`
   * when it runs now, `pending` when the caller was answered instead (asked
   * to confirm, or refused).
   */
  confirmation(toolName: string, channel: 'elicitation' | 'approval', ran: boolean): void {
    this.confirmations.add(1, {
      [MCP_ATTR.toolName]: toolName,
      [MCP_METRIC.confirmationChannel]: channel,
      [MCP_METRIC.confirmationOutcome]: ran ? 'confirmed' : 'pending',
    });
  }

  private countRateLimited(attributes: Attributes): void {
    const counted: Attributes = { [MCP_ATTR.methodName]: attributes[MCP_ATTR.methodName] };
    if (attributes[MCP_ATTR.toolName] !== undefined) counted[MCP_ATTR.toolName] = attributes[MCP_ATTR.toolName];
    this.rateLimited.add(1, counted);
  }
}

/** A low-cardinality name for an unexpected fault: its class (never its message, which may carry data). */
function errorClassOf(error: unknown): string {
  return error instanceof Error && error.constructor.name ? error.constructor.name : '_OTHER';
}

/** A `CallToolResult` with `isError: true` (prepared results are lists, never tool results). */
function isToolError(result: unknown): boolean {
  return result !== null && typeof result === 'object' && (result as { isError?: unknown }).isError === true;
}
