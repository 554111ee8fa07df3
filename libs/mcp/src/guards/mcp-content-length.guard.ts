import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { bodyTooLarge } from '../errors/mcp-transport.errors';

/** Guard 3 of 6, ADDENDUM §1 step 3: a declared `Content-Length` over the limit is refused before the token is even looked at. */
@Injectable()
export class McpContentLengthGuard implements CanActivate {
  constructor(@Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions) {}

  canActivate(context: ExecutionContext): boolean {
    const declared = context.switchToHttp().getRequest<McpHttpRequest>().headers['content-length'];
    if (typeof declared === 'string' && Number(declared) > this.options.maxBodyBytes) {
      throw bodyTooLarge(this.options.maxBodyBytes);
    }
    return true;
  }
}
