'use strict';
/**
 * Peer: `@rekog/mcp-nest` 2.x, its StreamableHttpTransport in stateless mode
 * with JSON responses, dual posture (2025 and 2026-07-28), on Nest 12 with
 * Express. Decorators are applied by hand: this file is plain JavaScript.
 */
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { Payload } = require('@nestjs/microservices');
const { McpController, McpStrategy, StreamableHttpTransport, Tool } = require('@rekog/mcp-nest');
const { echoInput, echoResult, echoTool } = require('./echo.peer');
const { failStart, listenAndReport } = require('../servers/server.ipc');

class EchoController {
  echo(args) {
    return echoResult(args);
  }
}
// What `@Tool(...) echo(@Payload() args)` compiles to.
Payload()(EchoController.prototype, 'echo', 0);
Reflect.decorate(
  [Tool({ name: 'echo', ...echoTool, parameters: echoInput })],
  EchoController.prototype,
  'echo',
  Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo'),
);
McpController()(EchoController);

class RekogHost {}
Module({ controllers: [EchoController] })(RekogHost);

async function main() {
  const strategy = new McpStrategy({
    name: 'rekog-peer',
    version: '1.0.0',
    transports: [new StreamableHttpTransport({ endpoint: '/mcp', statefulMode: false, enableJsonResponse: true, responseMode: 'json' })],
  });
  const app = await NestFactory.create(RekogHost, { logger: ['error'] });
  strategy.setHttpAdapter(app.getHttpAdapter());
  app.connectMicroservice({ strategy });
  await app.startAllMicroservices();
  await app.init();
  await listenAndReport(app.getHttpServer());
}

main().catch(failStart);
