/**
 * Sends one fuzzed request over loopback, bytes and headers exactly as
 * generated (duplicates and non-UTF-8 included), and checks the answer for
 * what must never happen: a 5xx, a hang, a connection reset instead of an
 * answer, or internals in the response.
 */
import { Agent, request as httpRequest } from 'node:http';

/** A request as generated: header values may be lists (sent as repeated lines). */
export interface FuzzRequest {
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface FuzzAnswer {
  status: number;
  text: string;
  /** Why no answer came (ECONNRESET, EPIPE): the client never aborts, so every one is a fault. */
  error?: string;
}

/** Text that would betray internals if an answer contained it and the request did not. */
const LEAK_MARKERS: RegExp[] = [/\n\s+at /, /node_modules/, /\/work\//, /\.ts:\d+/, /\/tmp\//, /SqliteError/, /SQLITE_/, /kadu\.sqlite/, /correlation id/i];

/** Keep-alive pool: thousands of requests must not exhaust ephemeral ports. */
export const fuzzAgent = new Agent({ keepAlive: true, maxSockets: 8 });

export function send(url: string, fuzz: FuzzRequest, timeoutMs = 10_000): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', agent: fuzzAgent, headers: { ...fuzz.headers, 'Content-Length': String(fuzz.body.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Every request gets an answer, an oversized one included (the server drains what it refuses to read):
      // a reset is a fault to report with the others, not a reason to stop the run.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve({ status: 0, text: '', error: error.code });
      else reject(error);
    });
    req.end(fuzz.body);
  });
}

/** The problems of one answer; empty when it is acceptable. */
export function problemsOf(fuzz: FuzzRequest, answer: FuzzAnswer): string[] {
  const problems: string[] = [];
  if (answer.error) problems.push(`no answer: ${answer.error}`);
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
  const sent = `${JSON.stringify(fuzz.headers)}${fuzz.body.toString('latin1')}`;
  for (const marker of LEAK_MARKERS) {
    if (marker.test(answer.text) && !marker.test(sent)) problems.push(`leaks ${marker}: ${answer.text.slice(0, 300)}`);
  }
  return problems;
}
