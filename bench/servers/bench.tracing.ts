/**
 * `BENCH_TRACING=1`: an OpenTelemetry SDK registered in the server process,
 * recording every span and metric and exporting them nowhere (a batch span
 * processor and a metric reader whose exporters drop what they get), so the
 * traced row measures what the module's spans and metric cost a request,
 * not a collector. No instrumentation (HTTP, Express) is loaded: those are a
 * host's choice, and their cost is theirs.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

/** ExportResultCode.SUCCESS. */
const SUCCESS = 0;

const dropSpans: SpanExporter = {
  export: (_spans, done) => done({ code: SUCCESS }),
  shutdown: () => Promise.resolve(),
};

const dropMetrics: PushMetricExporter = {
  export: (_metrics, done) => done({ code: SUCCESS }),
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** Starts the SDK when `BENCH_TRACING=1`; call before the module is created (it takes its meter then). */
export function startBenchTracing(): void {
  if (process.env.BENCH_TRACING !== '1') return;
  new NodeSDK({
    serviceName: 'bench',
    traceExporter: dropSpans,
    metricReaders: [new PeriodicExportingMetricReader({ exporter: dropMetrics, exportIntervalMillis: 1_000 })],
    instrumentations: [],
  }).start();
}
