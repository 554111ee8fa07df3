/**
 * A fetch wrapper for the real-client e2e specs: it records every HTTP
 * exchange the MCP clients (and the raw calls) make, so that a failing
 * assertion can show the server author exactly what went over the wire.
 */

export interface RecordedExchange {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body: string };
  error?: string;
}

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

const REDACT = /^(Bearer\s+)(.{12}).*$/i;

type HeadersInput = ConstructorParameters<typeof Headers>[0];

function headersToObject(headers: HeadersInput): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers ?? {}).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function bodyToString(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return `<${Object.prototype.toString.call(body)}>`;
}

export class HttpRecorder {
  readonly exchanges: RecordedExchange[] = [];

  /** Pass this to the transports (`fetch` option) and use it for raw calls. */
  readonly fetch: FetchLike = async (url, init) => {
    const entry: RecordedExchange = {
      request: {
        method: (init?.method ?? 'GET').toUpperCase(),
        url: String(url),
        headers: headersToObject(init?.headers),
        body: bodyToString(init?.body),
      },
    };
    this.exchanges.push(entry);
    try {
      const response = await fetch(url, init);
      const headers = headersToObject(response.headers);
      let body = '';
      if ((headers['content-type'] ?? '').includes('text/event-stream')) {
        body = '<event stream, not read by the recorder>';
      } else {
        body = await response
          .clone()
          .text()
          .catch((e: unknown) => `<unreadable: ${String(e)}>`);
      }
      entry.response = { status: response.status, headers, body };
      return response;
    } catch (e) {
      entry.error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      throw e;
    }
  };

  clear(): void {
    this.exchanges.length = 0;
  }

  /** Exchanges whose JSON-RPC request body has this method. */
  byRpcMethod(method: string): RecordedExchange[] {
    return this.exchanges.filter((x) => {
      try {
        return x.request.body !== undefined && JSON.parse(x.request.body).method === method;
      } catch {
        return false;
      }
    });
  }

  format(): string {
    if (this.exchanges.length === 0) return '(no HTTP exchange recorded)';
    return this.exchanges
      .map((x, i) => {
        const reqHeaders = Object.entries(x.request.headers)
          .map(([k, v]) => `  ${k}: ${k === 'authorization' ? v.replace(REDACT, '$1$2…') : v}`)
          .join('\n');
        const lines = [`#${i + 1} ${x.request.method} ${x.request.url}`, reqHeaders];
        if (x.request.body !== undefined) lines.push(`  ${x.request.body}`);
        if (x.response) {
          const resHeaders = Object.entries(x.response.headers)
            .map(([k, v]) => `  ${k}: ${v}`)
            .join('\n');
          lines.push(`=> HTTP ${x.response.status}`, resHeaders, `  ${x.response.body || '<empty body>'}`);
        }
        if (x.error) lines.push(`=> fetch error: ${x.error}`);
        return lines.join('\n');
      })
      .join('\n\n');
  }

  /**
   * Runs a test body; when it throws, the recorded exchange is appended to
   * the error so the failure report shows the HTTP traffic that caused it.
   */
  async explain<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const original = e instanceof Error ? e : new Error(String(e));
      const wrapped = new Error(`${original.message}\n\n--- HTTP exchange ---\n${this.format()}`);
      const frames = (original.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
      wrapped.stack = `${original.name}: ${wrapped.message}\n${frames.join('\n')}`;
      throw wrapped;
    }
  }

  /** Waits (briefly) until some recorded exchange satisfies `predicate`. */
  async waitFor(predicate: (x: RecordedExchange) => boolean, timeoutMs = 2000): Promise<RecordedExchange | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.exchanges.find((x) => x.response !== undefined && predicate(x));
      if (hit || Date.now() > deadline) return hit;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
