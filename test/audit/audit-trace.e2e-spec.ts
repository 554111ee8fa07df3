/**
 * The trace id of an audit event: with an OpenTelemetry SDK, a call whose
 * client sent `_meta.traceparent` is stored with that trace's id and the
 * `/audit` page shows it; without an SDK, or with the call not sampled, the
 * event has none.
 */
import { propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { AuditEventView } from '@kobana/audit';
import { AuditHost, callerOf, clientOf, eventsOf, kaduHost } from './audit.support';

jest.setTimeout(90_000);

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const traceparent = (flags: '01' | '00') => `00-${TRACE_ID}-00f067aa0ba902b7-${flags}`;
const PASSWORD = 'trace-page-password-1';

describe('Kadu: the trace id of an audit event', () => {
  let host: AuditHost;
  let cookie: string;
  let clients = 0;
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });

  beforeAll(async () => {
    host = await kaduHost();
    await host.token('org-trace', 'owner', { clientId: 'trace-setup' });
    await host.setPassword('owner@org-trace.kadu.local', PASSWORD);
    const signIn = await fetch(`${host.baseUrl}/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'owner@org-trace.kadu.local', password: PASSWORD }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    cookie = signIn.headers.get('set-cookie')!.split(';')[0];
  });
  afterAll(async () => {
    await host?.close();
    await provider.shutdown();
    trace.disable();
    propagation.disable();
  });

  /** One `tools/call` of the list tool, era 2025 (whose `_meta` is the client's own), with `traceparent` when given. */
  async function call(traceparentValue?: string): Promise<AuditEventView> {
    const token = await host.token('org-trace', 'owner', { clientId: `trace-${++clients}` });
    const mcp = await clientOf(host, token, '2025');
    const answer = await mcp.send('tools/call', {
      name: host.list.tool,
      arguments: {},
      ...(traceparentValue ? { _meta: { traceparent: traceparentValue } } : {}),
    });
    expect(answer.status).toBe(200);
    const events = await eventsOf(host, (await callerOf(host, token)).client_id);
    expect(events).toHaveLength(1);
    return events[0];
  }

  /** The event's detail page, as the signed-in owner sees it. */
  async function detailPage(event: AuditEventView): Promise<string> {
    const page = await fetch(`${host.baseUrl}/audit/events/${event.id}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    return page.text();
  }

  it('without an SDK: no trace id, however the client sent one, and the page shows none', async () => {
    const event = await call(traceparent('01'));
    expect(event.trace_id).toBeNull();
    const html = await detailPage(event);
    expect(html).toContain('id="event-duration"');
    expect(html).not.toContain('event-trace');
    expect(html).not.toContain(TRACE_ID);
  });

  describe('with an SDK registered', () => {
    beforeAll(() => {
      trace.setGlobalTracerProvider(provider);
      propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    });

    it('stores the trace of the client’s traceparent, the one the call’s span is in, and the page shows it', async () => {
      exporter.reset();
      const event = await call(traceparent('01'));
      expect(event.trace_id).toBe(TRACE_ID);
      await provider.forceFlush();
      expect(
        exporter
          .getFinishedSpans()
          .find((span) => span.name === `tools/call ${host.list.tool}`)
          ?.spanContext().traceId,
      ).toBe(TRACE_ID);
      const html = await detailPage(event);
      expect(html).toContain(`<dt>Trace</dt><dd id="event-trace"><code>${TRACE_ID}</code></dd>`);
    });

    it('a call of its own trace: a new trace id, the span’s', async () => {
      exporter.reset();
      const event = await call();
      expect(event.trace_id).toMatch(/^[0-9a-f]{32}$/);
      expect(event.trace_id).not.toBe(TRACE_ID);
      await provider.forceFlush();
      expect(exporter.getFinishedSpans().map((span) => span.spanContext().traceId)).toContain(event.trace_id);
    });

    it('a call the client’s trace did not sample: no span recorded, no trace id', async () => {
      const event = await call(traceparent('00'));
      expect(event.trace_id).toBeNull();
    });
  });
});
