/** One text content of a `ReadResourceResult`. */
export interface McpResourceContents {
  uri: string;
  mimeType: string;
  text: string;
}

/**
 * The MCP `ReadResourceResult` for what a resource method returned: a
 * string is the document itself, in the declared MIME type; anything else
 * is the route's JSON, exactly as the route would serialize it.
 */
export function resourceResult(uri: string, value: unknown, declaredMimeType?: string): { contents: McpResourceContents[] } {
  if (typeof value === 'string') return { contents: [{ uri, mimeType: declaredMimeType ?? 'text/plain', text: value }] };
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}
