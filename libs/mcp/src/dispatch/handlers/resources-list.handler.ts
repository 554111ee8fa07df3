import { Injectable } from '@nestjs/common';
import { McpMethodContext, McpMethodHandler } from '../mcp-method.handler';
import { McpResourceRegistry } from '../../discovery/mcp-resource.registry';
import { rejectCursor } from '../mcp-params';

/** `resources/list`: the fixed-URI documents this caller may read, filtered by role and scope. */
@Injectable()
export class ResourcesListHandler implements McpMethodHandler {
  readonly method = 'resources/list';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;
  readonly capability = 'resources';

  constructor(private readonly resources: McpResourceRegistry) {}

  resultKey({ params, era, caller }: McpMethodContext): string {
    rejectCursor(params, era);
    return this.resources.visibilityKey(caller);
  }

  handle({ params, era, caller }: McpMethodContext) {
    rejectCursor(params, era);
    return { resources: this.resources.visibleTo(caller) };
  }
}
