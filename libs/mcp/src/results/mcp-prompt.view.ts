import { McpMessages } from '../mcp.messages';
import { McpPromptMessage } from '../interfaces/mcp-prompt-options.interface';
import { McpPromptDefinition } from '../interfaces/mcp-prompt-definition.interface';

/** The MCP `GetPromptResult` the module answers. */
export interface McpPromptResult {
  description?: string;
  messages: McpPromptMessage[];
}

/**
 * The MCP `GetPromptResult` for what a prompt method returned: a string is
 * one user message, an array is the messages. Anything else is a bug of the
 * host, answered as an internal error.
 */
export function promptResult(prompt: McpPromptDefinition, value: unknown): McpPromptResult {
  const messages = typeof value === 'string' ? [{ role: 'user', content: { type: 'text', text: value } }] : value;
  if (!Array.isArray(messages) || !messages.every(isPromptMessage)) throw new Error(McpMessages.invalidPromptResult(prompt.owner));
  return {
    ...(prompt.descriptor.description ? { description: prompt.descriptor.description } : {}),
    // Only role and content: whatever else the host's objects carry is not the protocol's.
    messages: messages.map(({ role, content }) => ({ role, content })),
  };
}

function isPromptMessage(message: unknown): message is McpPromptMessage {
  if (message === null || typeof message !== 'object') return false;
  const { role, content } = message as Partial<McpPromptMessage>;
  return (role === 'user' || role === 'assistant') && content !== null && typeof content === 'object' && typeof content.type === 'string';
}
