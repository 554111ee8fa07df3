import { MCP_COMPLETION_MAX_VALUES } from '../mcp.constants';
import { McpMessages } from '../mcp.messages';

/** The MCP `CompleteResult` the module answers. */
export interface McpCompletionResult {
  completion: { values: string[]; total: number; hasMore: boolean };
}

/**
 * The first 100 candidates a completion method returned, in its order (the
 * method ranks them), with how many there were. Anything but an array of
 * strings is a bug of the host, answered as an internal error.
 */
export function completionResult(owner: string, value: unknown): McpCompletionResult {
  if (!Array.isArray(value) || !value.every((candidate) => typeof candidate === 'string')) {
    throw new Error(McpMessages.invalidCompletionResult(owner));
  }
  return {
    completion: {
      values: value.slice(0, MCP_COMPLETION_MAX_VALUES),
      total: value.length,
      hasMore: value.length > MCP_COMPLETION_MAX_VALUES,
    },
  };
}

/** What an argument or variable without a completion method suggests: nothing, which is not an error. */
export function noCompletion(): McpCompletionResult {
  return { completion: { values: [], total: 0, hasMore: false } };
}
