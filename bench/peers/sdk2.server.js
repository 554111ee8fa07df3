'use strict';
/**
 * Peer: the official SDK 2.x `createMcpHandler` on node:http. Era 2026-07-28
 * requests are served by its modern leg, 2025 requests by its stateless
 * legacy leg (a fresh server per request, as the SDK does it).
 */
const http = require('node:http');
const { McpServer, createMcpHandler } = require('@modelcontextprotocol/server');
const { toNodeHandler } = require('@modelcontextprotocol/node');
const { echoInput, echoResult, echoTool } = require('./echo.peer');
const { failStart, listenAndReport } = require('../servers/server.ipc');

function factory() {
  const server = new McpServer({ name: 'sdk2-peer', version: '1.0.0' });
  server.registerTool('echo', { ...echoTool, inputSchema: echoInput }, async (args) => echoResult(args));
  return server;
}

const handler = toNodeHandler(createMcpHandler(factory, { responseMode: 'json' }));
listenAndReport(http.createServer((req, res) => handler(req, res))).catch(failStart);
