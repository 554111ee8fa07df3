import { McpContentBlock } from '../interfaces/mcp-content.interface';
import { McpMessages } from '../mcp.messages';
import { McpContent } from './mcp-content.view';
import { McpRawJson } from './mcp-raw-json.view';

/** The MCP `CallToolResult` the module answers. */
export interface McpToolResult {
  content: McpContentBlock[];
  /**
   * An object; a tool's return value stays the route's JSON text, which the
   * response writer writes as is. Never on an error result (docs/protocol.md §4).
   */
  structuredContent?: Record<string, unknown> | McpRawJson;
  isError?: boolean;
}

/** `{`: the only way `JSON.stringify` starts the text of an object (not an array, not `null`). */
const OPEN_BRACE = 0x7b;

/**
 * The route's JSON as text, and the same JSON as `structuredContent` when it
 * is an object: both are exactly what the route would send (dates as strings,
 * `undefined` dropped, `toJSON` applied). The text is serialized once and
 * written twice; nothing reads it back.
 *
 * An error result is the text alone. An error body never matches a tool's
 * `outputSchema`, and SDK 1.x clients validate `structuredContent` whenever
 * it is present, error or not: they would throw "Structured content does not
 * match the tool's output schema" instead of handing the caller the route's
 * refusal. Without it every client returns the result (docs/protocol.md §4).
 */
export function toolResult(value: unknown, isError = false): McpToolResult {
  if (value instanceof McpContent) {
    const failed = value.isError === true || isError;
    return {
      content: [...value.content],
      ...(value.structuredContent && !failed ? { structuredContent: value.structuredContent } : {}),
      ...(failed ? { isError: true } : {}),
    };
  }
  const text = value === undefined ? '' : (JSON.stringify(value) as string | undefined);
  // A function or a symbol (or a `toJSON` answering one) has no JSON: the tool's bug, an internal error.
  if (text === undefined) throw new TypeError(McpMessages.toolValueNotJson());
  if (isError) return { content: [{ type: 'text', text }], isError: true };
  return {
    content: [{ type: 'text', text }],
    ...(text.charCodeAt(0) === OPEN_BRACE ? { structuredContent: new McpRawJson(text) } : {}),
  };
}
