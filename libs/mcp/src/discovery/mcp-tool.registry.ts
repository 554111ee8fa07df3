import { Injectable } from '@nestjs/common';
import { McpToolDefinition, McpToolDescriptor } from '../interfaces/mcp-tool-definition.interface';
import { McpMessages } from '../mcp.messages';
import { McpListedRegistry } from './mcp-listed.registry';

/**
 * The tools of the application, registered once at start-up by the explorer.
 * The public API for hosts that want to inspect them.
 */
@Injectable()
export class McpToolRegistry extends McpListedRegistry<McpToolDescriptor, McpToolDefinition> {
  protected keyOf(tool: McpToolDefinition): string {
    return tool.name;
  }

  protected duplicateMessage(name: string, first: McpToolDefinition, second: McpToolDefinition): string {
    return McpMessages.duplicateTool(name, first.owner, second.owner);
  }
}
