/** One HTTP request, as autocannon sends it again and again. */
export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A header whose value changes with each request, round-robin (Kadu's callers, see kadu.server.ts). */
  rotate?: { header: string; values: string[] };
  /** A placeholder, in the body or a header, replaced by a value no other request of the run has (a write's idempotency key). */
  fresh?: string;
}

/** Placeholder of {@link BenchRequest.fresh} the task-update rows use. */
export const FRESH_KEY = '__FRESH_KEY__';

let freshCount = 0;
/** Unique within the run and across runs on one database (the process start is part of it). */
const FRESH_PREFIX = `bench-${process.pid}-${Date.now().toString(36)}-`;

/** The next value of a {@link BenchRequest.fresh} placeholder. */
export function freshValue(): string {
  return `${FRESH_PREFIX}${(freshCount++).toString(36)}`;
}

/** The request with its placeholder (if any) replaced by a fresh value: one concrete request, as a reference request sends it. */
export function materialize(request: BenchRequest): BenchRequest {
  const placeholder = request.fresh;
  if (placeholder === undefined) return request;
  const value = freshValue();
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, header]) => [name, header.split(placeholder).join(value)]));
  return { ...request, headers, body: request.body?.split(placeholder).join(value) };
}

export type Era = '2025' | '2026';

const ACCEPT = 'application/json, text/event-stream';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
};

/** Options of {@link mcpRequest}. */
export interface McpRequestOptions {
  path?: string;
  token?: string;
  /** Headers of a session-ful 2025 server (its `Mcp-Session-Id`). */
  extraHeaders?: Record<string, string>;
  /** Tokens to rotate over, request by request; the first also stands for `token`. */
  tokens?: string[];
  /** Era 2026: the client capabilities the envelope declares. @default {} */
  capabilities?: Record<string, unknown>;
}

/**
 * A JSON-RPC request as a well-behaved client of that era sends it: in
 * 2026-07-28 the protocol headers and the `_meta` envelope, in 2025 neither
 * (stateless servers accept a call without a prior `initialize`).
 */
export function mcpRequest(era: Era, method: string, params: Record<string, unknown>, options: McpRequestOptions = {}): BenchRequest {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: ACCEPT, ...options.extraHeaders };
  const token = options.token ?? options.tokens?.[0];
  if (token) headers.Authorization = `Bearer ${token}`;
  if (era === '2026') {
    headers['MCP-Protocol-Version'] = '2026-07-28';
    headers['Mcp-Method'] = method;
    if (typeof params.name === 'string') headers['Mcp-Name'] = params.name;
  }
  const envelope = options.capabilities ? { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': options.capabilities } : ENVELOPE;
  const body = { jsonrpc: '2.0', id: 1, method, params: era === '2026' ? { ...params, _meta: envelope } : params };
  const rotate = options.tokens && options.tokens.length > 1 ? { header: 'Authorization', values: options.tokens.map((t) => `Bearer ${t}`) } : undefined;
  return { method: 'POST', path: options.path ?? '/mcp', headers, body: JSON.stringify(body), ...(rotate ? { rotate } : {}) };
}

/** A JSON-RPC response body, JSON or one SSE `data:` event; undefined when neither. */
export function parseRpcBody(text: string): { result?: Record<string, unknown>; error?: { code: number; message: string } } | undefined {
  const json = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6);
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
