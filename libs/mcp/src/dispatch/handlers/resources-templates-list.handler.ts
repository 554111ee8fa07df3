import { Injectable } from '@nestjs/common';
import { McpResourceTemplateRegistry } from '../../discovery/mcp-resource-template.registry';
import { McpListHandler } from './mcp-list.handler';

/** `resources/templates/list`: the URI templates this caller may read, filtered by role and scope. */
@Injectable()
export class ResourcesTemplatesListHandler extends McpListHandler {
  readonly method = 'resources/templates/list';
  readonly capability = 'resources';
  protected readonly field = 'resourceTemplates';

  constructor(templates: McpResourceTemplateRegistry) {
    super(templates);
  }
}
