import { Injectable } from '@nestjs/common';
import { McpPromptDefinition, McpPromptDescriptor } from '../interfaces/mcp-prompt-definition.interface';
import { McpMessages } from '../mcp.messages';
import { McpListedRegistry } from './mcp-listed.registry';

/** The prompts of the application, by name. */
@Injectable()
export class McpPromptRegistry extends McpListedRegistry<McpPromptDescriptor, McpPromptDefinition> {
  protected keyOf(prompt: McpPromptDefinition): string {
    return prompt.name;
  }

  protected duplicateMessage(name: string, first: McpPromptDefinition, second: McpPromptDefinition): string {
    return McpMessages.duplicatePrompt(name, first.owner, second.owner);
  }
}
