import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'http';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { bodyTooLarge } from '../errors/mcp-transport.error';
import { drainRequestBody } from '../transport/request-body-drain.util';

/**
 * Guard 3 of 7, docs/protocol.md §1 step 3: a declared `Content-Length` over the
 * limit is refused before the token is even looked at. The body is never
 * parsed; it is drained and dropped (see {@link drainRequestBody}), so the
 * 413 is not lost to a reset while the client is still sending.
 */
@Injectable()
export class McpContentLengthGuard implements CanActivate {
  constructor(@Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<McpHttpRequest>();
    const declared = request.headers['content-length'];
    if (typeof declared === 'string' && Number(declared) > this.options.maxBodyBytes) {
      drainRequestBody(request as unknown as IncomingMessage);
      throw bodyTooLarge(this.options.maxBodyBytes);
    }
    return true;
  }
}
