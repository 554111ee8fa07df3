import { McpListedDefinition } from './mcp-definition.interface';
import { McpPromptArgument, McpPromptOptions } from './mcp-prompt-options.interface';

/** A prompt as `prompts/list` shows it (MCP `Prompt`). */
export interface McpPromptDescriptor {
  name: string;
  title?: string;
  description?: string;
  arguments?: McpPromptArgument[];
}

/** Everything prepared at start-up for one prompt. */
export interface McpPromptDefinition extends McpListedDefinition<McpPromptDescriptor> {
  name: string;
  options: McpPromptOptions;
}
