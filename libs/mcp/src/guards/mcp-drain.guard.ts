import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpResponse, McpHttpTransport } from '../interfaces/mcp-http-transport.interface';
import { McpDrainService } from '../limits/mcp-drain.service';
import { unavailable } from '../errors/mcp-limits.error';

/**
 * Guard 1 of 7, before the steps of docs/protocol.md §1: a draining replica answers
 * 503 -32030 at once, without reading the body or verifying the token (its
 * database may be about to close); otherwise the request is counted in flight
 * until its response is over, so draining knows what to wait for. No id is
 * echoed: the body is not read.
 */
@Injectable()
export class McpDrainGuard implements CanActivate {
  constructor(
    private readonly drain: McpDrainService,
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    @Inject(McpHttpTransport) private readonly transport: McpHttpTransport,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.drain.isDraining) throw unavailable(this.options.drain.retryAfterSeconds, this.options.retryAfterOn503);
    // Closed after the answer and also when the client goes away, so every request is counted out.
    this.transport.onClosed(context.switchToHttp().getResponse<McpHttpResponse>(), this.drain.track());
    return true;
  }
}
