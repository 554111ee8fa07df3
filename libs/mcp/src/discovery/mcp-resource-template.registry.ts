import { Injectable } from '@nestjs/common';
import { McpResourceTemplateDefinition, McpResourceTemplateDescriptor } from '../interfaces/mcp-resource-definition.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';
import { McpMessages } from '../mcp.messages';
import { McpListedRegistry } from './mcp-listed.registry';
import { isRoleAllowed } from './mcp-access.policy';

/** A template that matched a URI, with the URI's decoded variables. */
export interface McpTemplateMatch {
  definition: McpResourceTemplateDefinition;
  variables: Record<string, string>;
}

/** The resource templates of the application, by template string. */
@Injectable()
export class McpResourceTemplateRegistry extends McpListedRegistry<McpResourceTemplateDescriptor, McpResourceTemplateDefinition> {
  /**
   * The first template, in registration order, that matches the URI and
   * that the caller's role may use: a template the role forbids is skipped
   * as if it did not exist.
   */
  match(uri: string, caller: McpCaller): McpTemplateMatch | undefined {
    for (const definition of this.list()) {
      if (!isRoleAllowed(definition, caller)) continue;
      const variables = definition.template.match(uri);
      if (variables) return { definition, variables };
    }
    return undefined;
  }

  protected keyOf(template: McpResourceTemplateDefinition): string {
    return template.uriTemplate;
  }

  protected duplicateMessage(uriTemplate: string, first: McpResourceTemplateDefinition, second: McpResourceTemplateDefinition): string {
    return McpMessages.duplicateResourceTemplate(uriTemplate, first.owner, second.owner);
  }
}
