import { Injectable } from '@nestjs/common';
import { McpResourceRegistry } from '../../discovery/mcp-resource.registry';
import { McpListHandler } from './mcp-list.handler';

/** `resources/list`: the fixed-URI documents this caller may read, filtered by role and scope. */
@Injectable()
export class ResourcesListHandler extends McpListHandler {
  readonly method = 'resources/list';
  readonly capability = 'resources';
  protected readonly field = 'resources';

  constructor(resources: McpResourceRegistry) {
    super(resources);
  }
}
