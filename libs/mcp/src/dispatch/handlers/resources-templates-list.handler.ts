import { Injectable } from '@nestjs/common';
import { McpMethodContext, McpMethodHandler } from '../mcp-method.handler';
import { McpResourceTemplateRegistry } from '../../discovery/mcp-resource-template.registry';
import { rejectCursor } from '../mcp-params';

/** `resources/templates/list`: the URI templates this caller may read, filtered by role and scope. */
@Injectable()
export class ResourcesTemplatesListHandler implements McpMethodHandler {
  readonly method = 'resources/templates/list';
  readonly eras = ['2025', '2026'] as const;
  readonly cacheable = true;
  readonly capability = 'resources';

  constructor(private readonly templates: McpResourceTemplateRegistry) {}

  resultKey({ params, era, caller }: McpMethodContext): string {
    rejectCursor(params, era);
    return this.templates.visibilityKey(caller);
  }

  handle({ params, era, caller }: McpMethodContext) {
    rejectCursor(params, era);
    return { resourceTemplates: this.templates.visibleTo(caller) };
  }
}
