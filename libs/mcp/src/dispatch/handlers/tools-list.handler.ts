import { Injectable } from '@nestjs/common';
import { McpMethodContext, McpMethodHandler } from '../mcp-method.handler';
import { McpToolRegistry } from '../../discovery/mcp-tool.registry';
import { rejectCursor } from '../mcp-params';

/** `tools/list`: the tools this caller may run, prepared at start-up and filtered by role and scope. */
@Injectable()
export class ToolsListHandler implements McpMethodHandler {
  readonly method = 'tools/list';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;

  constructor(private readonly tools: McpToolRegistry) {}

  resultKey({ params, era, caller }: McpMethodContext): string {
    rejectCursor(params, era);
    return this.tools.visibilityKey(caller);
  }

  handle({ params, era, caller }: McpMethodContext) {
    rejectCursor(params, era);
    return { tools: this.tools.visibleTo(caller) };
  }
}
