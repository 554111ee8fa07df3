import { Inject, Injectable } from '@nestjs/common';
import { AbstractHttpAdapter, HttpAdapterHost } from '@nestjs/core';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpBodyRefusal, McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpExpressTransport } from './mcp-express-transport.provider';
import { McpFastifyTransport } from './mcp-fastify-transport.provider';

/** A transport and what it installs before routing. */
type InstallableTransport = McpHttpTransport & { install(adapter: AbstractHttpAdapter, options: McpResolvedOptions): void };

/**
 * The {@link McpHttpTransport} the module is given: it picks the
 * implementation for the HTTP adapter the application runs on
 * (`httpAdapter.getType()`: `'fastify'`, else Express's) and installs it as
 * soon as the adapter exists, which is before `app.init()` registers routes
 * and parsers, both with `NestFactory.create` and with the testing module
 * (whose providers are built before any adapter is known: hence a choice
 * made then, not a factory provider). Every call is passed to the choice.
 */
@Injectable()
export class McpTransportSelector implements McpHttpTransport {
  private chosen: InstallableTransport = new McpExpressTransport();

  constructor(adapterHost: HttpAdapterHost, @Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    adapterHost.init$.subscribe(() => {
      const adapter = adapterHost.httpAdapter;
      if (!adapter) return;
      this.chosen = adapter.getType() === 'fastify' ? new McpFastifyTransport() : new McpExpressTransport();
      this.chosen.install(adapter, options);
    });
  }

  get type(): string {
    return this.chosen.type;
  }

  readBody(request: McpHttpRequest, response: McpHttpResponse, limit: number): Promise<Buffer | McpBodyRefusal> {
    return this.chosen.readBody(request, response, limit);
  }

  drain(request: McpHttpRequest, response: McpHttpResponse): void {
    this.chosen.drain(request, response);
  }

  onClosed(response: McpHttpResponse, listener: () => void): void {
    this.chosen.onClosed(response, listener);
  }

  isAnswered(response: McpHttpResponse): boolean {
    return this.chosen.isAnswered(response);
  }

  setHeader(response: McpHttpResponse, name: string, value: string): void {
    this.chosen.setHeader(response, name, value);
  }

  sendJson(response: McpHttpResponse, status: number, json: string): void {
    this.chosen.sendJson(response, status, json);
  }

  sendJsonParts(response: McpHttpResponse, status: number, head: string, tail: Buffer): void {
    this.chosen.sendJsonParts(response, status, head, tail);
  }

  sendEmpty(response: McpHttpResponse, status: number): void {
    this.chosen.sendEmpty(response, status);
  }
}
