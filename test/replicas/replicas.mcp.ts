/**
 * `tools/call` over raw JSON-RPC at one replica's `/mcp`, in either era, with
 * the headers and envelope the module requires: what a client behind a load
 * balancer sends, one stateless request at a time.
 */
import type { Replica } from './replica.process';

/** Which era the request speaks: 2025 (header only) or 2026-07-28 (headers and `_meta` envelope). */
export type McpEra = '2025' | '2026';

/** What came back: HTTP status, headers and the parsed JSON-RPC body. */
export interface McpAnswer {
  status: number;
  headers: Headers;
  // The body is whatever the server sent; each case asserts its exact shape.
  body: { jsonrpc: '2.0'; id: unknown; result?: any; error?: any };
}

/** The era-2026 per-request envelope: a client that can show a form (`elicitation`). */
const ENVELOPE_2026 = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'replicas-e2e', version: '1.0.0' },
};

/** One request's ceiling: a replica that does not answer fails the case instead of hanging it. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * A `tools/call` of `name` on `replica`. `retry` adds members to `params`
 * (an era-2026 retry's `inputResponses` and `requestState`).
 */
export async function toolCall(
  replica: Replica,
  token: string,
  era: McpEra,
  name: string,
  args: Record<string, unknown>,
  options: { id?: number | string; retry?: Record<string, unknown> } = {},
): Promise<McpAnswer> {
  const headers: Record<string, string> =
    era === '2026' ? { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': name } : { 'MCP-Protocol-Version': '2025-06-18' };
  const params = { name, arguments: args, ...options.retry, ...(era === '2026' ? { _meta: ENVELOPE_2026 } : {}) };
  const res = await fetch(`${replica.baseUrl}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: options.id ?? 1, method: 'tools/call', params }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as McpAnswer['body'] };
}

/** A `tools/call` (era 2025) whose result is JSON text: that value, and whether it is an error. @throws Error on a JSON-RPC error. */
export async function callTool(replica: Replica, token: string, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; body: unknown }> {
  const { body } = await toolCall(replica, token, '2025', name, args);
  const result = body.result as { content: Array<{ text: string }>; isError?: boolean } | undefined;
  if (!result) throw new Error(`${name} on ${replica.name}: ${JSON.stringify(body.error)}`);
  return { isError: result.isError === true, body: JSON.parse(result.content[0]?.text ?? 'null') };
}
