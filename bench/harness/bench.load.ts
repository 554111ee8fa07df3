import autocannon = require('autocannon');
import type { BenchConfig } from './bench.config';
import { BenchRequest, freshValue, materialize } from './bench.requests';
import type { RunningServer } from './bench.servers';
import type { BenchTarget } from './bench.targets';

/** What one load of one target measured. */
export interface LoadSample {
  requestsPerSec: number;
  p99Ms: number;
  /** Largest RSS of the server seen during the load, in bytes. */
  peakRss: number;
  /** The server's CPU time over the load divided by the responses: what one request costs it, whatever else the machine runs. */
  cpuMicrosPerRequest: number;
  total: number;
  /** Responses with another status than the target's. */
  wrongStatus: number;
  /** Responses whose body is not the correct result. */
  wrongBody: number;
  /** Connection errors and timeouts. */
  failed: number;
  /** What went wrong, when something did: the statuses seen and the first wrong body. */
  diagnosis?: string;
}

/** The request of a target and the exact bytes of its correct answer, checked once before any load. */
export interface PreparedTarget {
  target: BenchTarget;
  server: RunningServer;
  request: BenchRequest;
  /** Whether one loaded response is the correct result. */
  verify(body: string): boolean;
}

const RSS_SAMPLE_MS = 250;

/**
 * Sends the target's request once and checks the answer; that answer becomes
 * the bytes every loaded response must equal (the answers are deterministic:
 * a second reference request must match the first).
 */
export async function prepareTarget(target: BenchTarget, server: RunningServer): Promise<PreparedTarget> {
  const request = target.request(server);
  const send = async () => {
    const concrete = materialize(request);
    const response = await fetch(`${server.baseUrl}${concrete.path}`, { method: concrete.method, headers: concrete.headers, body: concrete.body });
    return { status: response.status, body: await response.text() };
  };
  for (let primed = 0; primed < (target.prime ?? 0); primed++) await send();
  const first = await send();
  if (first.status !== target.status || !target.correct(first.body)) {
    throw new Error(`${target.id}: the reference request answered ${first.status} ${first.body.slice(0, 300)}`);
  }
  if (target.deterministic === false) return { target, server, request, verify: (body) => target.correct(body) };
  const second = await send();
  if (second.body !== first.body) throw new Error(`${target.id}: the answer is not deterministic, bytes cannot be compared`);
  const expected = first.body;
  return { target, server, request, verify: (body) => body === expected };
}

/** Loads one target for `seconds`, sampling the server's RSS meanwhile and its CPU time before and after. */
export async function runLoad(prepared: PreparedTarget, config: BenchConfig, seconds: number): Promise<LoadSample> {
  const { request, server, target, verify } = prepared;
  const before = await server.usage();
  let peakRss = before.rss;
  let firstWrongBody: string | undefined;
  const sampler = setInterval(() => {
    server.usage().then(
      ({ rss }) => (peakRss = Math.max(peakRss, rss)),
      () => undefined,
    );
  }, RSS_SAMPLE_MS);
  try {
    const result = await autocannon({
      url: `${server.baseUrl}${request.path}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      connections: config.connections,
      ...(request.rotate || request.fresh ? { requests: [{ setupRequest: varying(request) }] } : {}),
      ...(target.rate ? { overallRate: target.rate } : {}),
      duration: seconds,
      verifyBody: (body) => {
        if (verify(body)) return true;
        firstWrongBody ??= body;
        return false;
      },
    });
    const after = await server.usage();
    peakRss = Math.max(peakRss, after.rss);
    const total = result.requests.total;
    const wrongStatus = total - (result.statusCodeStats[String(target.status)]?.count ?? 0);
    const failed = result.errors + result.timeouts;
    const wrong = wrongStatus > 0 || result.mismatches > 0 || failed > 0;
    return {
      requestsPerSec: total / result.duration,
      p99Ms: result.latency.p99,
      peakRss,
      cpuMicrosPerRequest: total > 0 ? (after.cpuMicros - before.cpuMicros) / total : Number.NaN,
      total,
      wrongStatus,
      wrongBody: result.mismatches,
      failed,
      ...(wrong
        ? {
            diagnosis: `statuses ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors, ${result.timeouts} timeouts, first wrong body: ${firstWrongBody?.slice(0, 200)}`,
          }
        : {}),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Sets the rotating header of each request to the next value, round-robin, and its fresh placeholder to a new value. */
function varying({ rotate, fresh, headers, body }: BenchRequest) {
  let next = 0;
  const freshHeaders = fresh === undefined ? [] : Object.keys(headers).filter((name) => headers[name].includes(fresh));
  const freshBody = fresh !== undefined && body?.includes(fresh) ? body.split(fresh) : undefined;
  return (req: { headers?: Record<string, string>; body?: string }) => {
    const varied = { ...req, headers: { ...req.headers } };
    if (rotate) varied.headers[rotate.header] = rotate.values[next++ % rotate.values.length];
    if (fresh !== undefined) {
      const value = freshValue();
      for (const name of freshHeaders) varied.headers[name] = headers[name].split(fresh).join(value);
      if (freshBody) varied.body = freshBody.join(value);
    }
    return varied;
  };
}
