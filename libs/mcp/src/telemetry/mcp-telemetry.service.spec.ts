import { SpanKind, SpanStatusCode, metrics, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { readFileSync } from 'fs';
import { join } from 'path';
import { JsonRpcMessage } from '../interfaces/json-rpc.interface';
import { invalidParams } from '../errors/mcp-method.error';
import { rateLimited } from '../errors/mcp-limits.error';
import { McpTelemetry } from './mcp-telemetry.service';
import { MCP_INSTRUMENTATION } from './mcp-telemetry.constants';

/** A reader collected on demand. */
class TestReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;

function request(method: string, params: Record<string, unknown>, id: string | number | null = 7): JsonRpcMessage {
  return { jsonrpc: '2.0', method, params, ...(id === null ? {} : { id }) };
}

describe('McpTelemetry', () => {
  it('records nothing and returns no operation without an SDK', async () => {
    const telemetry = new McpTelemetry();
    expect(telemetry.start(request('tools/call', { name: 'echo' }), {})).toBeUndefined();
    expect(() => telemetry.end(undefined, '2025-11-25', {})).not.toThrow();
  });

  it('names the instrumentation scope after the package and its version', async () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { name: string; version: string };
    expect(MCP_INSTRUMENTATION).toEqual({ name: pkg.name, version: pkg.version });
  });

  describe('with an SDK', () => {
    const exporter = new InMemorySpanExporter();
    const reader = new TestReader();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    let telemetry: McpTelemetry;

    beforeAll(() => {
      trace.setGlobalTracerProvider(provider);
      metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
      telemetry = new McpTelemetry();
    });
    afterAll(() => {
      trace.disable();
      metrics.disable();
      propagation.disable();
    });
    beforeEach(() => exporter.reset());

    async function serve(message: JsonRpcMessage, end: { error?: unknown; result?: unknown } = {}, headers: Record<string, string> = {}) {
      const operation = telemetry.start(message, headers);
      expect(operation).toBeDefined();
      telemetry.end(operation, '2025-11-25', end);
      // The span processor exports asynchronously.
      await provider.forceFlush();
      const [span] = exporter.getFinishedSpans();
      return span;
    }

    it('tools/call: a server span named after the tool, with the MCP attributes', async () => {
      const span = await serve(request('tools/call', { name: 'echo', arguments: { text: 'secret' } }), { result: { content: [] } });
      expect(span.name).toBe('tools/call echo');
      expect(span.kind).toBe(SpanKind.SERVER);
      expect(span.instrumentationScope.name).toBe('@kobana/mcp');
      expect(span.attributes).toEqual({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        'jsonrpc.request.id': '7',
        'mcp.protocol.version': '2025-11-25',
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
      });
      expect(span.status.code).toBe(SpanStatusCode.UNSET);
    });

    it('prompts/get: named after the prompt, with gen_ai.prompt.name and no operation name', async () => {
      const span = await serve(request('prompts/get', { name: 'summary' }, 'r-1'));
      expect(span.name).toBe('prompts/get summary');
      expect(span.attributes['gen_ai.prompt.name']).toBe('summary');
      expect(span.attributes['gen_ai.operation.name']).toBeUndefined();
      expect(span.attributes['jsonrpc.request.id']).toBe('r-1');
    });

    it('resources/read: the URI on the span, never in its name', async () => {
      const span = await serve(request('resources/read', { uri: 'kadu://tasks/42' }));
      expect(span.name).toBe('resources/read');
      expect(span.attributes['mcp.resource.uri']).toBe('kadu://tasks/42');
    });

    it('a notification has no request id', async () => {
      const span = await serve(request('notifications/initialized', {}, null));
      expect(span.name).toBe('notifications/initialized');
      expect(span.attributes['jsonrpc.request.id']).toBeUndefined();
    });

    it('a JSON-RPC error: error.type and rpc.response.status_code are its code, the status is ERROR with its message', async () => {
      const error = invalidParams('2025', 'Unknown tool: nope');
      const span = await serve(request('tools/call', { name: 'nope' }), { error });
      expect(span.attributes['error.type']).toBe(String(error.code));
      expect(span.attributes['rpc.response.status_code']).toBe(String(error.code));
      expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: error.message });
    });

    it('a fault: error.type is its class, its message stays out of the span', async () => {
      const span = await serve(request('tools/call', { name: 'echo' }), { error: new TypeError('password=hunter2') });
      expect(span.attributes['error.type']).toBe('TypeError');
      expect(JSON.stringify(span.attributes) + JSON.stringify(span.status) + JSON.stringify(span.events)).not.toContain('hunter2');
    });

    it('a tool result with isError: error.type tool_error', async () => {
      const span = await serve(request('tools/call', { name: 'echo' }), { result: { content: [], isError: true } });
      expect(span.attributes['error.type']).toBe('tool_error');
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    });

    it('continues the trace sent in params._meta, over the HTTP headers', async () => {
      const other = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`;
      const span = await serve(request('tools/call', { name: 'echo', _meta: { traceparent: TRACEPARENT, tracestate: 'rojo=1' } }), {}, { traceparent: other });
      expect(span.spanContext().traceId).toBe(TRACE_ID);
      expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
      expect(span.parentSpanContext?.traceState?.get('rojo')).toBe('1');
    });

    it('falls back on the HTTP traceparent header', async () => {
      const span = await serve(request('tools/list', {}), {}, { traceparent: TRACEPARENT });
      expect(span.spanContext().traceId).toBe(TRACE_ID);
      expect(span.parentSpanContext?.spanId).toBe(CLIENT_SPAN_ID);
    });

    it('ignores a traceparent that is not a string', async () => {
      const span = await serve(request('tools/call', { name: 'echo', _meta: { traceparent: 42 } }));
      expect(span.parentSpanContext).toBeUndefined();
    });

    it('records mcp.server.operation.duration in seconds with the span attributes, without the high-cardinality ones', async () => {
      await serve(request('tools/call', { name: 'metered' }), { error: invalidParams('2025', 'bad') });
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === 'mcp.server.operation.duration')!;
      expect(metric.descriptor.unit).toBe('s');
      const point = metric.dataPoints.find((p) => p.attributes['gen_ai.tool.name'] === 'metered')!;
      expect(point.attributes).toEqual({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'metered',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': '2025-11-25',
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
        'error.type': '-32602',
      });
      expect((point.value as { buckets: { boundaries: number[] } }).buckets.boundaries).toEqual([
        0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
      ]);
    });

    it('counts rate-limit refusals and confirmations', async () => {
      await serve(request('tools/call', { name: 'echo' }), { error: rateLimited(1) });
      telemetry.confirmation('delete_task', 'approval', false);
      const { resourceMetrics } = await reader.collect();
      const all = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
      const refusals = all.find((m) => m.descriptor.name === 'kobana.mcp.rate_limit.refusals')!;
      expect(refusals.dataPoints[0]).toMatchObject({ value: 1, attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo' } });
      const confirmations = all.find((m) => m.descriptor.name === 'kobana.mcp.confirmations')!;
      expect(confirmations.dataPoints[0]).toMatchObject({
        value: 1,
        attributes: { 'gen_ai.tool.name': 'delete_task', 'kobana.mcp.confirmation.channel': 'approval', 'kobana.mcp.confirmation.outcome': 'pending' },
      });
    });
  });
});
