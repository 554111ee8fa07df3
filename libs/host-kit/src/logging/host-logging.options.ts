import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import { context, trace } from '@opentelemetry/api';
import type { Params } from 'nestjs-pino';
import { destination } from 'pino';
import type { LevelWithSilent } from 'pino';
import { HostLogSettings } from './host-logging-settings.parser';
import { textLogStream } from './host-log-text-stream.factory';
import { isProbeUrl } from '../health/health.constants';

/** The header a caller (or a proxy in front) may set to name its request; echoed in the answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming request id is kept only when it looks like one: short, no spaces or control characters (log injection). */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Paths never written, whatever logs them: credentials in headers, cookies,
 * and the secrets any logged object may carry. Request lines do not include
 * headers at all (see the serializers); this is the second line of defence.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.client_secret',
  '*.secret',
  '*.code_verifier',
];

/**
 * The `nestjs-pino` parameters of a host: one logger for Nest and for each
 * request, JSON lines or readable ones, every line of a request with its
 * `reqId` (the `X-Request-Id` sent, when it is a plausible one, else a new
 * UUID, echoed in the answer) and, when a span is active, its `trace_id` and
 * `span_id`. A request is logged when it completes: at `debug` when it
 * succeeded, `info` for a 4xx, `error` for a 5xx, so production logs carry
 * refusals and failures, not traffic. The probes (`/healthz`, `/readyz`),
 * polled every few seconds by a load balancer, are not logged at all, not
 * even the 503 of a draining replica. Each line carries the client's
 * address as `TRUST_PROXY` gives it (`req.ip`), not the proxy's.
 */
export function hostLoggerParams(settings: HostLogSettings): Params {
  const options = {
    level: settings.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Only the id on the lines a request's code writes; the completion line has the rest.
    quietReqLogger: true,
    genReqId: requestId,
    customLogLevel: completionLevel,
    autoLogging: { ignore: (req: IncomingMessage) => isProbeUrl(req.url) },
    serializers: {
      // Method, path and client address, never the query string (approval and sign-in links carry one-time values) or headers.
      req: (req: SerializedRequest) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0], remoteAddress: req.raw?.ip ?? req.remoteAddress }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    mixin: activeTraceFields,
  };
  // Synchronous writes: a line logged just before `process.exit` (a refused start) must not be lost. Lines are few (see above).
  return { pinoHttp: [options, settings.format === 'text' ? textLogStream() : destination({ dest: 1, sync: true })] };
}

/** What pino-http hands the request serializer: its standard fields and the request itself (Express's, with `ip`). */
interface SerializedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
  raw?: { ip?: string };
}

/** The caller's `X-Request-Id` when plausible, else a new one; set on the answer either way. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const id = typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

function completionLevel(_req: IncomingMessage, res: ServerResponse, error?: Error): LevelWithSilent {
  if (error || res.statusCode >= 500) return 'error';
  return res.statusCode >= 400 ? 'info' : 'debug';
}

/** The active span's ids, on every line written while it is active (nothing without an SDK). */
function activeTraceFields(): Record<string, string> {
  const span = trace.getSpanContext(context.active());
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
