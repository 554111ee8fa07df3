import { McpContentBlock } from '../interfaces/mcp-content.interface';
import { McpContent } from './mcp-content.result';

/** The MCP `CallToolResult` the module answers. */
export interface McpToolResult {
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * The route's JSON as text, and the same object as `structuredContent`
 * (read back from the text, so both are exactly what the route would send:
 * dates as strings, `undefined` dropped, `toJSON` applied).
 */
export function toolResult(value: unknown, isError = false): McpToolResult {
  if (value instanceof McpContent) {
    return {
      content: [...value.content],
      ...(value.structuredContent ? { structuredContent: value.structuredContent } : {}),
      ...(value.isError || isError ? { isError: true } : {}),
    };
  }
  const text = value === undefined ? '' : JSON.stringify(value);
  const structured = text === '' ? undefined : JSON.parse(text);
  return {
    content: [{ type: 'text', text }],
    ...(structured !== null && typeof structured === 'object' && !Array.isArray(structured) ? { structuredContent: structured } : {}),
    ...(isError ? { isError: true } : {}),
  };
}
