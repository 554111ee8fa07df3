/**
 * `@kobana/platform/main`: a host's `main.ts`. Apart from the library's
 * main entry point because telemetry must start before anything loads
 * http, Express or pg (the instrumentations patch them as they are
 * required): this file imports nothing else, and loads the platform and the
 * host's descriptor only once telemetry runs.
 */
import { startTelemetry } from '@kobana/host-kit/telemetry';
import type { HostDescriptor } from '../host-descriptor.interface';

/**
 * Starts telemetry as `serviceName` (traces and metrics when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set; flushed on SIGTERM and SIGINT), then
 * the host `load` resolves to (see `bootstrapHost`).
 *
 * @example runHostMain('kadu', async () => (await import('./kadu.host')).KADU);
 */
export async function runHostMain(serviceName: string, load: () => Promise<HostDescriptor>): Promise<void> {
  const telemetry = startTelemetry(serviceName);
  const [{ bootstrapHost }, host] = await Promise.all([import('../bootstrap/host.bootstrap'), load()]);
  await bootstrapHost(host, telemetry);
}
