import { trace } from '@opentelemetry/api';
import { startTelemetry } from './telemetry.factory';

describe('startTelemetry', () => {
  it('starts nothing without OTEL_EXPORTER_OTLP_ENDPOINT: no SDK, no signal listener', async () => {
    const listeners = process.listenerCount('SIGTERM');
    const handle = startTelemetry('kadu', { OTEL_EXPORTER_OTLP_ENDPOINT: '  ' });
    expect(handle.enabled).toBe(false);
    expect(process.listenerCount('SIGTERM')).toBe(listeners);
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
    await expect(handle.shutdown()).resolves.toBeUndefined();
  });
});
