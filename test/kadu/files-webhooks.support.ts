/**
 * Helpers of the files and webhooks e2e spec: one tool call over raw
 * JSON-RPC (era 2025) and the same operation over REST, so parity is a
 * comparison of two parsed bodies.
 */
import { KaduTestApp } from '../support/kadu-app';
import { fetchApproved } from './approval.support';
import { expectToolOutputMatches } from '@kobana/mcp/testing';

/** A tool's answer: the parsed text content, and whether it was an error. */
export interface ToolAnswer {
  body: unknown;
  isError: boolean;
}

/** Calls a tool through `/mcp` with an MCP token. */
export async function callTool(kadu: KaduTestApp, token: string, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const res = await fetchApproved(kadu, kadu.mcpUrl, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const json = (await res.json()) as { result?: { content: Array<{ text: string }>; isError?: boolean; structuredContent?: unknown }; error?: unknown };
  if (!json.result) throw new Error(`${name}: ${JSON.stringify(json.error)}`);
  expectToolOutputMatches(kadu.app, name, json.result);
  const text = json.result.content[0]?.text ?? '';
  return { body: text === '' ? undefined : JSON.parse(text), isError: json.result.isError === true };
}

/** A REST call with an API token; the JSON body and status. */
export async function callRest(kadu: KaduTestApp, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${kadu.baseUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** MCP and API tokens of one person, so tool and route see the same caller. */
export async function tokensOf(kadu: KaduTestApp, organization: string, role: 'owner' | 'viewer' = 'owner'): Promise<{ mcp: string; api: string }> {
  const email = `${role}@${organization}.test`;
  return {
    mcp: await kadu.token(organization, role, { email }),
    api: await kadu.token(organization, role, { email, audience: 'api' }),
  };
}

/** A request a {@link Receiver} got. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A local webhook receiver on 127.0.0.1: `/ok` answers 200, `/flaky` 500 twice then 200. */
export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Starts a {@link Receiver} on a free loopback port. */
export async function startReceiver(): Promise<Receiver> {
  const { createServer } = await import('node:http');
  const received: Received[] = [];
  let flaky = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = req.url === '/flaky' && flaky++ < 2 ? 500 : 200;
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'boom');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
