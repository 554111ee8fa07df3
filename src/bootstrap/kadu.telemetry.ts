import { startTelemetry } from '@kobana/host-kit/telemetry';

/**
 * Kadu's OpenTelemetry (traces and metrics when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set), started when this file is loaded: `main.ts` imports it first,
 * before anything loads http, Express or pg, which the instrumentations patch
 * as they are required. It flushes on SIGTERM and SIGINT.
 */
export const kaduTelemetry = startTelemetry('kadu');
