import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { bodyTooLarge } from '../errors/mcp-transport.error';

/**
 * Guard 3 of 7, docs/protocol.md §1 step 3: a declared `Content-Length` over the
 * limit is refused before the token is even looked at. The body is never
 * parsed; the transport drains and drops it (`McpHttpTransport.drain`), so
 * the 413 is not lost to a reset while the client is still sending.
 */
@Injectable()
export class McpContentLengthGuard implements CanActivate {
  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    @Inject(McpHttpTransport) private readonly transport: McpHttpTransport,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const request = http.getRequest<McpHttpRequest>();
    const declared = request.headers['content-length'];
    if (typeof declared === 'string' && Number(declared) > this.options.maxBodyBytes) {
      this.transport.drain(request, http.getResponse<McpHttpResponse>());
      throw bodyTooLarge(this.options.maxBodyBytes);
    }
    return true;
  }
}
