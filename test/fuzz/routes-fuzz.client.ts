/**
 * Sends one generated request to any route of a host over loopback: method,
 * path and query, headers and bytes exactly as generated (repeated headers
 * and non-UTF-8 included), and checks the answer for what must never happen.
 * Unlike the MCP fuzz, a reset connection is a fault here: no request in
 * these generators is over 1 MiB, so every one deserves an answer.
 */
import { Agent, request as httpRequest } from 'node:http';

/** A generated request: header values may be lists (sent as repeated lines). */
export interface RouteRequest {
  /** Route group it was generated for, to count the requests of each. */
  group: string;
  method: string;
  /** Path and query, already encoded as sent. */
  path: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** What came back. */
export interface RouteAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Text that betrays internals when an answer holds it and the request did
 * not: a stack frame, a source path, a driver's error, an SQL statement.
 */
const LEAK_MARKERS: RegExp[] = [
  /\n\s+at /,
  /node_modules/,
  /\/work\//,
  /\.ts:\d+/,
  /\/tmp\//,
  /SqliteError/,
  /SQLITE_/,
  /\.sqlite/,
  // Kysely quotes identifiers; prose ("select a file from the list") does not.
  /\bselect\s.{1,200}?\sfrom\s+"\w+"/i,
  /\bfrom\s+"?\w+"?\s+where\s/i,
  /\binsert into\b/i,
  /\bupdate\b\s+"?\w+"?\s+set\b/i,
  /\bdelete from\b/i,
  /syntax error at or near/i,
  /violates (unique|foreign key|check) constraint/i,
];

/** Keep-alive pool: thousands of requests must not exhaust ephemeral ports. */
export const routesAgent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Sends `request` to `baseUrl`; rejects on a reset, a timeout or any other transport error. */
export function sendRoute(baseUrl: string, request: RouteRequest, timeoutMs = 15_000): Promise<RouteAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers, 'Content-Length': String(request.body.length) };
    const req = httpRequest(`${baseUrl}${request.path}`, { method: request.method, agent: routesAgent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The problems of one answer; empty when it is acceptable. */
export function problemsOfRoute(request: RouteRequest, answer: RouteAnswer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  // The host answers in JSON or its page style; a bare text answer is a library's default that escaped it (oidc-provider's "Not Found").
  if (/^text\/plain/.test(String(answer.headers['content-type'] ?? '')) && /^(Not Found|Method Not Allowed|Internal Server Error)$/.test(answer.text)) {
    problems.push(`bare ${answer.status} text: ${answer.text}`);
  }
  const sent = `${request.path}${JSON.stringify(request.headers)}${request.body.toString('latin1')}`;
  const seen = `${JSON.stringify(answer.headers)}${answer.text}`;
  for (const marker of LEAK_MARKERS) {
    if (marker.test(seen) && !marker.test(sent)) problems.push(`leaks ${marker}: ${seen.slice(0, 300)}`);
  }
  return problems;
}

/** One line describing a request, short enough for a failure list. */
export function describeRoute(request: RouteRequest): string {
  return `${request.method} ${request.path.slice(0, 200)} ${JSON.stringify(request.headers).slice(0, 300)} ${request.body.subarray(0, 200).toString('latin1')}`;
}
