import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

/** What a host gets back from {@link startTelemetry}. */
export interface TelemetryHandle {
  /** Whether an SDK was started (`OTEL_EXPORTER_OTLP_ENDPOINT` set). */
  readonly enabled: boolean;
  /** Flushes what is pending and stops the SDK; does nothing when none started. */
  shutdown(): Promise<void>;
}

/** The interval of metric export when `OTEL_METRIC_EXPORT_INTERVAL` is unset (the OpenTelemetry default). */
const DEFAULT_METRIC_EXPORT_INTERVAL_MS = 60_000;
/** Signals after which pending telemetry is flushed before the process ends. */
const EXIT_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

const DISABLED: TelemetryHandle = { enabled: false, shutdown: () => Promise.resolve() };

/**
 * Starts OpenTelemetry for a host when `OTEL_EXPORTER_OTLP_ENDPOINT` is set:
 * the Node SDK with traces and metrics over OTLP/HTTP (JSON) and the HTTP,
 * Express and PostgreSQL instrumentations, under `OTEL_SERVICE_NAME` or
 * `serviceName`. The other `OTEL_*` settings of the exporters apply as usual
 * (`OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_METRIC_EXPORT_INTERVAL`,
 * `OTEL_TRACES_SAMPLER`...). Unset, nothing is loaded or started.
 *
 * Call it first thing in `main.ts`, before Nest, Express or `pg` are loaded:
 * the instrumentations patch those modules as they are required.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): TelemetryHandle {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return DISABLED;
  const interval = Number.parseInt(env.OTEL_METRIC_EXPORT_INTERVAL ?? '', 10);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || serviceName,
    traceExporter: new OTLPTraceExporter(),
    metricReaders: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter(),
        exportIntervalMillis: interval > 0 ? interval : DEFAULT_METRIC_EXPORT_INTERVAL_MS,
      }),
    ],
    instrumentations: [new HttpInstrumentation(), new ExpressInstrumentation(), new PgInstrumentation()],
  });
  sdk.start();
  let stopping: Promise<void> | undefined;
  const shutdown = () => (stopping ??= sdk.shutdown().catch(() => undefined));
  for (const signal of EXIT_SIGNALS) process.on(signal, flushThenExit(signal, shutdown));
  return { enabled: true, shutdown };
}

/**
 * A signal listener that lets the others go first: Nest's shutdown hooks
 * close the application, remove their listeners and raise the signal again;
 * only then (this one alone left) is telemetry flushed and the signal
 * raised for good, so the last spans of the closing requests are sent.
 */
function flushThenExit(signal: NodeJS.Signals, shutdown: () => Promise<void>): () => void {
  const listener = () => {
    if (process.listenerCount(signal) > 1) return;
    void shutdown().finally(() => {
      process.removeListener(signal, listener);
      process.kill(process.pid, signal);
    });
  };
  return listener;
}
