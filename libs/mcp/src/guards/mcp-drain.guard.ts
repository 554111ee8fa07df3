import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
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
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.drain.isDraining) throw unavailable(this.options.drain.retryAfterSeconds, this.options.retryAfterOn503);
    // 'close' comes after 'finish' and also when the client goes away, so every request is counted out.
    context.switchToHttp().getResponse<Response>().once('close', this.drain.track());
    return true;
  }
}
