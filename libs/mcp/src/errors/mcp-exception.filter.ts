import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { JsonRpcErrorObject } from '../interfaces/json-rpc.interface';
import { McpMessages } from '../mcp.messages';
import { mcpState } from '../transport/mcp-request-state.util';
import { applyMcpResponseHeaders } from '../transport/mcp-response-headers.util';
import { sendMcpJson } from '../transport/mcp-response.view';
import { resourceMetadataUrl } from '../auth/mcp-resource-metadata.util';
import { JsonRpcException } from './json-rpc.error';
import { McpAuthException } from './mcp-auth-challenge.error';
import { McpAvailability } from '../interfaces/mcp-availability.interface';
import { unavailable } from './mcp-limits.error';
import { internalError, refusedByHost } from './mcp-host.error';
import { auditFailure } from '../audit/mcp-audit-note.util';

/** `data.correlation_id` of a -32603 answer. */
function correlationIdOf(data: unknown): string | null {
  const id = (data as { correlation_id?: unknown } | undefined)?.correlation_id;
  return typeof id === 'string' ? id : null;
}

/**
 * The only place the MCP endpoint's errors are written: JSON-RPC errors with
 * their HTTP status, OAuth challenges for authentication, and a generic
 * -32603 with a correlation id for anything unexpected (logged, never shown).
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Catch()
export class McpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('McpModule');

  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    @Inject(McpAvailability) private readonly availability: McpAvailability,
    @Inject(McpHttpTransport) private readonly transport: McpHttpTransport,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<McpHttpRequest>();
    const response = http.getResponse<McpHttpResponse>();
    if (this.transport.isAnswered(response)) return;
    applyMcpResponseHeaders(this.transport, request, response);
    if (exception instanceof McpAuthException) {
      this.sendAuth(exception, request, response);
      return auditFailure(request, { status: exception.status, code: null, insufficientScope: exception.error === 'insufficient_scope', correlationId: null });
    }
    const error = this.toJsonRpc(exception);
    for (const [name, value] of Object.entries(error.headers)) this.transport.setHeader(response, name, value);
    const id = error.withoutId ? null : mcpState(request).id;
    sendMcpJson(this.transport, response, error.status, { jsonrpc: '2.0', id, error: error.toErrorObject() satisfies JsonRpcErrorObject });
    // After the answer: the audit trail never changes or delays it.
    auditFailure(request, { status: error.status, code: error.code, insufficientScope: false, correlationId: correlationIdOf(error.data) });
  }

  /** Overridable: maps anything thrown on the MCP path to a protocol error. */
  protected toJsonRpc(exception: unknown): JsonRpcException {
    if (exception instanceof JsonRpcException) return exception;
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      // A host-wide guard or pipe refused the request: keep its status, speak JSON-RPC.
      return refusedByHost(exception);
    }
    // A fault the host knows to be passing (a database locked for a moment): the client should retry, not give up.
    const retryAfter = this.availability.retryAfterOnError?.(exception);
    if (retryAfter !== undefined) return unavailable(retryAfter, this.options.retryAfterOn503, this.availability.messageOnError?.(exception));
    const correlationId = randomUUID();
    this.logger.error(McpMessages.unhandledError(correlationId), exception instanceof Error ? exception.stack : String(exception));
    return internalError(correlationId);
  }

  private sendAuth(exception: McpAuthException, request: McpHttpRequest, response: McpHttpResponse): void {
    const params = { ...exception.challenge, resource_metadata: resourceMetadataUrl(this.options, request) };
    const challenge = Object.entries(params)
      .map(([key, value]) => `${key}="${value.replace(/["\\]/g, '')}"`)
      .join(', ');
    this.transport.setHeader(response, 'WWW-Authenticate', `Bearer ${challenge}`);
    sendMcpJson(this.transport, response, exception.status, { error: exception.error, error_description: exception.description });
  }
}
