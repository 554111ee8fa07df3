import { request as httpRequest, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One HTTP request of the kit. */
export interface McpTestHttpRequest {
  method: string;
  /** Path with its query string. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON when given. */
  body?: unknown;
}

/** What came back; `body` is the parsed JSON, or `undefined` when the body was empty or not JSON. */
export interface McpTestHttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

const listening = new WeakMap<Server, Promise<number>>();

/**
 * The port of the app's server on 127.0.0.1. An app that was only `init()`ed
 * is started on an ephemeral loopback port once, and stopped by the app's
 * own `close()`; an app already listening is used where it listens.
 */
function portOf(server: Server): Promise<number> {
  const address = server.address() as AddressInfo | null;
  if (address && typeof address === 'object') return Promise.resolve(address.port);
  let port = listening.get(server);
  if (!port) {
    port = new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
    listening.set(server, port);
  }
  return port;
}

/** Sends one request to the app's own server, in process, with Node's `http` (no connection reuse, so `app.close()` never waits on one). */
export async function sendToApp(server: Server, request: McpTestHttpRequest): Promise<McpTestHttpResponse> {
  const port = await portOf(server);
  const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  const headers: Record<string, string> = { ...(request.headers ?? {}) };
  if (payload) {
    headers['Content-Type'] ??= 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  return new Promise<McpTestHttpResponse>((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, body: parseJson(text) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
