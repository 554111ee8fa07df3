import { Injectable } from '@nestjs/common';
import { McpResourceDefinition, McpResourceDescriptor } from '../interfaces/mcp-resource-definition.interface';
import { McpMessages } from '../mcp.messages';
import { McpListedRegistry } from './mcp-listed.registry';

/** The fixed-URI resources of the application, by URI. */
@Injectable()
export class McpResourceRegistry extends McpListedRegistry<McpResourceDescriptor, McpResourceDefinition> {
  protected keyOf(resource: McpResourceDefinition): string {
    return resource.uri;
  }

  protected duplicateMessage(uri: string, first: McpResourceDefinition, second: McpResourceDefinition): string {
    return McpMessages.duplicateResource(uri, first.owner, second.owner);
  }
}
