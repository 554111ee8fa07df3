'use strict';
/**
 * Peer: the official SDK 1.x on node:http, in one of two ways
 * (`BENCH_SDK1_MODE`):
 * - `per-request`: stateless, a new McpServer and transport for every request
 *   (the SDK's documented stateless idiom; 1.x refuses to reuse a stateless transport);
 * - `shared`: one McpServer and one session-ful transport for all requests,
 *   the session opened once at start-up (its id is reported to the harness).
 */
const http = require('node:http');
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { echoInput, echoResult, echoTool } = require('./echo.peer');
const { failStart, listenAndReport, reportInfo } = require('../servers/server.ipc');

function createServer() {
  const server = new McpServer({ name: 'sdk1-peer', version: '1.0.0' });
  server.registerTool('echo', { ...echoTool, inputSchema: echoInput.shape }, async (args) => echoResult(args));
  return server;
}

function perRequest() {
  return async (req, res) => {
    const server = createServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
}

function shared() {
  const server = createServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'bench-session', enableJsonResponse: true });
  const ready = server.connect(transport);
  return async (req, res) => {
    await ready;
    await transport.handleRequest(req, res);
  };
}

/** Opens the shared server's one session, as a client would before its first call. */
async function openSession(port) {
  const url = `http://127.0.0.1:${port}/`;
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const init = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
    }),
  });
  const sessionId = init.headers.get('mcp-session-id');
  await init.text();
  const session = { ...headers, 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': '2025-06-18' };
  await (await fetch(url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
  return sessionId;
}

async function main() {
  const mode = process.env.BENCH_SDK1_MODE === 'shared' ? 'shared' : 'per-request';
  const handle = mode === 'shared' ? shared() : perRequest();
  const port = await listenAndReport(
    http.createServer((req, res) => handle(req, res).catch(() => res.writeHead(500).end())),
    mode === 'shared' ? { pending: 'true' } : {},
  );
  if (mode === 'shared') reportInfo({ sessionId: await openSession(port) });
}

main().catch(failStart);
