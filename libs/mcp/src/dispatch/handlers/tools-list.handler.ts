import { Injectable } from '@nestjs/common';
import { McpToolRegistry } from '../../discovery/mcp-tool.registry';
import { McpListHandler } from './mcp-list.handler';

/** `tools/list`: the tools this caller may run, prepared at start-up and filtered by role and scope. */
@Injectable()
export class ToolsListHandler extends McpListHandler {
  readonly method = 'tools/list';
  protected readonly field = 'tools';

  constructor(tools: McpToolRegistry) {
    super(tools);
  }
}
