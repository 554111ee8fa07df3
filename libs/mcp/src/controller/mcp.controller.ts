import { All, Controller, Inject, Post, Req, Res, Type, UseFilters, UseGuards } from '@nestjs/common';
import { McpHttpRequest, McpRequestState } from '../interfaces/mcp-request.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { methodNotAllowed } from '../errors/mcp-transport.error';
import { McpExceptionFilter } from '../errors/mcp-exception.filter';
import { McpDrainGuard } from '../guards/mcp-drain.guard';
import { McpOriginGuard } from '../guards/mcp-origin.guard';
import { McpContentLengthGuard } from '../guards/mcp-content-length.guard';
import { McpAuthGuard } from '../guards/mcp-auth.guard';
import { McpMessageGuard } from '../guards/mcp-message.guard';
import { McpEraGuard } from '../guards/mcp-era.guard';
import { McpHeaderMismatchGuard } from '../guards/mcp-header-mismatch.guard';
import { McpRateLimiter } from '../limits/mcp-rate-limiter.service';
import { McpDispatcher } from '../dispatch/mcp-dispatcher.service';
import { McpAuditEmitter } from '../audit/mcp-audit.service';
import { mcpState } from '../transport/mcp-request-state.util';
import { applyMcpResponseHeaders } from '../transport/mcp-response-headers.util';
import { sendMcpResult } from '../transport/mcp-response.view';
import type { McpClassResolver } from '../mcp-overrides.provider';
import { McpTelemetry } from '../telemetry/mcp-telemetry.service';

/**
 * The MCP endpoint, mounted at `path`. Read top to bottom, the decorators and
 * then the handler are the order of checks, each in its folder: the seven
 * `guards/` (draining, origin, declared size, token, body, era, then headers
 * against the body and the envelope), then in the handler `limits/` (rate
 * limit and availability) and `dispatch/` (the method, whose handlers build
 * `results/`); whatever is thrown on the way is written by the filter of
 * `errors/`. There is no interceptor: each one costs every request an
 * async-context bind and an rxjs pipeline, and none of these steps wraps the
 * result, so the handler writes its answer itself (see {@link sendMcpResult}),
 * through the {@link McpHttpTransport} of the application's HTTP adapter:
 * nothing here knows whether that is Express or Fastify.
 *
 * Built once per module rather than declared once for all: Nest reads a
 * route's path, guards and filter from decorators, before any
 * options factory runs, so they are fixed here when the module is defined,
 * with a host's `overrides` applied by `use`.
 */
export function createMcpController(path: string, use: McpClassResolver = (base) => base): Type<unknown> {
  @Controller(path)
  @UseFilters(use(McpExceptionFilter))
  class McpEndpointController {
    constructor(
      private readonly limiter: McpRateLimiter,
      private readonly dispatcher: McpDispatcher,
      private readonly telemetry: McpTelemetry,
      private readonly audit: McpAuditEmitter,
      @Inject(McpHttpTransport) private readonly transport: McpHttpTransport,
    ) {}

    // The guards in the order they run; `use` wraps those a host may replace.
    @Post()
    @UseGuards(McpDrainGuard, use(McpOriginGuard), McpContentLengthGuard, use(McpAuthGuard), McpMessageGuard, McpEraGuard, use(McpHeaderMismatchGuard))
    async handle(@Req() request: McpHttpRequest, @Res() response: McpHttpResponse): Promise<void> {
      const state = mcpState(request);
      const message = state.message!;
      // From here the method is known: the span covers the limits, the method and the answer (see `telemetry/`).
      const operation = this.telemetry.start(message, request.headers);
      if (message.id === undefined) {
        // A notification: accepted, nothing to answer, whatever its method.
        applyMcpResponseHeaders(this.transport, request, response);
        this.transport.sendEmpty(response, 202);
        this.telemetry.end(operation, state.version, {});
        return;
      }
      // Authentication passed: from here, a refusal or a tool call is a decision the audit trail records.
      this.audit.begin(request, this.telemetry.traceIdOf(operation));
      let result: Awaited<ReturnType<McpDispatcher['dispatch']>>;
      try {
        result = operation ? await this.telemetry.run(operation, () => this.serve(request, state)) : await this.serve(request, state);
      } catch (error) {
        // The filter writes the answer right after; the span ends with the error it answers.
        this.telemetry.end(operation, state.version, { error });
        throw error;
      }
      // After the method: `initialize` settles the version the headers carry. Errors get theirs from the filter.
      applyMcpResponseHeaders(this.transport, request, response);
      sendMcpResult(this.transport, response, message.id, result);
      this.telemetry.end(operation, state.version, { result });
      // After the answer is written, so a slow or failing sink cannot touch it.
      this.audit.answered(request, result);
    }

    /** The limits, then the method. */
    private async serve(request: McpHttpRequest, state: McpRequestState): Promise<Awaited<ReturnType<McpDispatcher['dispatch']>>> {
      await this.limiter.admit(request);
      const message = state.message!;
      return this.dispatcher.dispatch({
        message,
        params: message.params ?? {},
        era: state.era!,
        caller: request.user!,
        state,
        request,
      });
    }

    /**
     * GET (no server stream), DELETE (no session) and every other method. On
     * Fastify the transport takes POST out of this route (see `transport/`).
     */
    @All()
    rejectMethod(): never {
      throw methodNotAllowed();
    }
  }
  return McpEndpointController;
}
