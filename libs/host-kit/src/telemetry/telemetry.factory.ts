import type * as SdkNode from '@opentelemetry/sdk-node';
import type * as TraceExporter from '@opentelemetry/exporter-trace-otlp-http';
import type * as MetricExporter from '@opentelemetry/exporter-metrics-otlp-http';
import type * as SdkMetrics from '@opentelemetry/sdk-metrics';
import type * as Http from '@opentelemetry/instrumentation-http';
import type * as Express from '@opentelemetry/instrumentation-express';
import type * as Pg from '@opentelemetry/instrumentation-pg';

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
 * `OTEL_TRACES_SAMPLER`...); `OTEL_METRICS_EXPORTER=none` exports traces
 * only. Unset, nothing is started.
 *
 * Call it first thing in `main.ts`, before Nest, Express or `pg` are loaded:
 * the instrumentations patch those modules as they are required.
 */
export function startTelemetry(serviceName: string, env: NodeJS.ProcessEnv = process.env): TelemetryHandle {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) return DISABLED;
  const interval = Number.parseInt(env.OTEL_METRIC_EXPORT_INTERVAL ?? '', 10);
  // Required only now: a host without telemetry does not load the SDK (its exporters and instrumentations weigh).
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof TraceExporter;
  const { OTLPMetricExporter } = require('@opentelemetry/exporter-metrics-otlp-http') as typeof MetricExporter;
  const { PeriodicExportingMetricReader } = require('@opentelemetry/sdk-metrics') as typeof SdkMetrics;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof Http;
  const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express') as typeof Express;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof Pg;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || serviceName,
    traceExporter: new OTLPTraceExporter(),
    // `OTEL_METRICS_EXPORTER=none`: traces only (a collector such as Jaeger that takes no metrics).
    metricReaders:
      env.OTEL_METRICS_EXPORTER?.trim() === 'none'
        ? []
        : [
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
 * A host whose own shutdown calls {@link TelemetryHandle.shutdown} last (both
 * hosts do, see `GracefulShutdown`) keeps its listener, so this one stands aside.
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
