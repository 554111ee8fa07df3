/**
 * An OTLP/HTTP receiver for tests: a plain HTTP server on 127.0.0.1 that
 * accepts the JSON the `@opentelemetry/exporter-*-otlp-http` exporters POST
 * to `/v1/traces` and `/v1/metrics`, and keeps it.
 */
import { createServer, Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** An OTLP JSON attribute. */
export interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
}

/** A span as OTLP/JSON encodes it (ids in hex). */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number; message?: string };
  scope: string;
}

/** A metric data point with its metric's name and unit. */
export interface OtlpPoint {
  metric: string;
  unit?: string;
  attributes: OtlpAttribute[];
  count?: string | number;
  explicitBounds?: number[];
  asInt?: string | number;
}

/** A running receiver. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`, the value of `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  endpoint: string;
  spans(): OtlpSpan[];
  points(): OtlpPoint[];
  /** Content types received, to check the exporters speak JSON. */
  contentTypes(): string[];
  close(): Promise<void>;
}

/** The attributes of a span or point as a plain object. */
export function attributesOf(item: { attributes: OtlpAttribute[] }): Record<string, unknown> {
  return Object.fromEntries(item.attributes.map(({ key, value }) => [key, value.stringValue ?? value.intValue ?? value.doubleValue ?? value.boolValue]));
}

interface TracesBody {
  resourceSpans?: { scopeSpans?: { scope?: { name?: string }; spans?: Omit<OtlpSpan, 'scope'>[] }[] }[];
}
interface MetricsBody {
  resourceMetrics?: {
    scopeMetrics?: {
      metrics?: { name: string; unit?: string; histogram?: { dataPoints: OtlpPoint[] }; sum?: { dataPoints: OtlpPoint[] } }[];
    }[];
  }[];
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: OtlpSpan[] = [];
  const points: OtlpPoint[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      contentTypes.push(String(req.headers['content-type']));
      try {
        const body = JSON.parse(raw.toString('utf8')) as TracesBody & MetricsBody;
        if (req.url === '/v1/traces') {
          for (const resource of body.resourceSpans ?? [])
            for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, scope: scope.scope?.name ?? '' });
        } else if (req.url === '/v1/metrics') {
          for (const resource of body.resourceMetrics ?? [])
            for (const scope of resource.scopeMetrics ?? [])
              for (const metric of scope.metrics ?? [])
                for (const point of metric.histogram?.dataPoints ?? metric.sum?.dataPoints ?? [])
                  points.push({ ...point, metric: metric.name, unit: metric.unit });
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans: () => spans,
    points: () => points,
    contentTypes: () => contentTypes,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
