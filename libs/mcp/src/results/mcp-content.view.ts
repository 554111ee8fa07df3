import { McpContentBlock } from '../interfaces/mcp-content.interface';

/**
 * A tool result given as MCP content blocks (images, audio, embedded
 * resources), answered as `content` as is instead of the JSON text a tool's
 * return value becomes. For tools whose output is not a route's JSON.
 *
 * @example
 * ```ts
 * @McpTool({ name: 'chart', description: 'Draws the chart' })
 * chart() { return McpContent.image(png.toString('base64'), 'image/png'); }
 * ```
 */
export class McpContent {
  /** Answered on success only: an error result carries its content alone (docs/protocol.md §4). */
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;

  constructor(
    readonly content: McpContentBlock[],
    options: { structuredContent?: Record<string, unknown>; isError?: boolean } = {},
  ) {
    if (options.structuredContent) this.structuredContent = options.structuredContent;
    if (options.isError) this.isError = true;
  }

  static text(text: string): McpContent {
    return new McpContent([{ type: 'text', text }]);
  }

  /** A failure the model can read and act on (`isError: true`). */
  static error(text: string): McpContent {
    return new McpContent([{ type: 'text', text }], { isError: true });
  }

  static image(data: string, mimeType: string): McpContent {
    return new McpContent([{ type: 'image', data, mimeType }]);
  }

  static audio(data: string, mimeType: string): McpContent {
    return new McpContent([{ type: 'audio', data, mimeType }]);
  }

  static of(...content: McpContentBlock[]): McpContent {
    return new McpContent(content);
  }
}
