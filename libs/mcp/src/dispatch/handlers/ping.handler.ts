import { Injectable } from '@nestjs/common';
import { McpMethodHandler } from '../mcp-method.handler';

/** `ping` (era 2025): liveness, an empty result. */
@Injectable()
export class PingHandler implements McpMethodHandler {
  readonly method = 'ping';
  readonly eras = ['2025'] as const;
  readonly cacheable = false;

  handle() {
    return {};
  }
}
