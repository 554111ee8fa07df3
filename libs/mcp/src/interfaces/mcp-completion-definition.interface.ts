import { McpInvocable } from './mcp-definition.interface';
import { McpCompletionOptions } from './mcp-completion-options.interface';

/** Everything prepared at start-up for one completion; its access rules are those of the prompt or template it serves. */
export interface McpCompletionDefinition extends McpInvocable {
  options: McpCompletionOptions;
}
