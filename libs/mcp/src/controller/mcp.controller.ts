import { All, Controller, Post, Req, Res, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { methodNotAllowed } from '../errors/mcp-transport.errors';
import { McpExceptionFilter } from '../errors/mcp-exception.filter';
import { McpOriginGuard } from '../guards/mcp-origin.guard';
import { McpContentLengthGuard } from '../guards/mcp-content-length.guard';
import { McpAuthGuard } from '../guards/mcp-auth.guard';
import { McpMessageGuard } from '../guards/mcp-message.guard';
import { McpEraGuard } from '../guards/mcp-era.guard';
import { McpHeaderMismatchInterceptor } from '../interceptors/mcp-header-mismatch.interceptor';
import { McpDispatcher } from '../dispatch/mcp.dispatcher';
import { McpDrainGuard } from '../guards/mcp-drain.guard';
import { McpRateLimiter } from '../limits/mcp-rate-limiter';
import { mcpState } from '../transport/mcp-request.state';
import { applyMcpResponseHeaders } from '../transport/mcp-response.headers';
import { sendMcpResult } from '../transport/mcp-response.writer';

/**
 * The MCP endpoint. Read top to bottom, the decorators and then the handler
 * are the order of checks: draining, origin, declared size, token, body, era;
 * then headers against the body and the envelope; then (in the handler) rate
 * limit and availability; then the method. Each interceptor costs every
 * request an async-context bind and an rxjs pipeline, so the steps that need
 * no wrapping of the result are plain calls in the handler, and the handler
 * writes its answer itself (see {@link sendMcpResult}).
 */
@UseFilters(McpExceptionFilter)
export class McpController {
  constructor(
    private readonly limiter: McpRateLimiter,
    private readonly dispatcher: McpDispatcher,
  ) {}

  @Post()
  @UseGuards(McpDrainGuard, McpOriginGuard, McpContentLengthGuard, McpAuthGuard, McpMessageGuard, McpEraGuard)
  @UseInterceptors(McpHeaderMismatchInterceptor)
  async handle(@Req() request: McpHttpRequest, @Res() response: Response): Promise<void> {
    const state = mcpState(request);
    const message = state.message!;
    if (message.id === undefined) {
      // A notification: accepted, nothing to answer, whatever its method.
      applyMcpResponseHeaders(request, response);
      response.status(202).end();
      return;
    }
    await this.limiter.admit(request);
    const result = await this.dispatcher.dispatch({
      message,
      params: message.params ?? {},
      era: state.era!,
      caller: request.user!,
      state,
      request,
    });
    // After the method: `initialize` settles the version the headers carry. Errors get theirs from the filter.
    applyMcpResponseHeaders(request, response);
    sendMcpResult(response, message.id, result);
  }

  /** GET (no server stream), DELETE (no session) and every other method. */
  @All()
  rejectMethod(): never {
    throw methodNotAllowed();
  }
}

/** The controller class mounted at the configured path (routes are declared before any options factory runs). */
export function createMcpController(path: string): typeof McpController {
  @Controller(path)
  class McpEndpointController extends McpController {}
  return McpEndpointController;
}
