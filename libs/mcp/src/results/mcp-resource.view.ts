/** One content of a `ReadResourceResult`: text, or bytes as base64 `blob`. */
export type McpResourceContents = { uri: string; mimeType: string } & ({ text: string } | { blob: string });

/**
 * The MCP `ReadResourceResult` for what a resource method returned: a
 * string is the document itself, in the declared MIME type; a Buffer (any
 * Uint8Array) is its bytes, as `blob`; anything else
 * is the route's JSON, exactly as the route would serialize it.
 */
export function resourceResult(uri: string, value: unknown, declaredMimeType?: string): { contents: McpResourceContents[] } {
  if (value instanceof Uint8Array) {
    return { contents: [{ uri, mimeType: declaredMimeType ?? 'application/octet-stream', blob: Buffer.from(value).toString('base64') }] };
  }
  if (typeof value === 'string') return { contents: [{ uri, mimeType: declaredMimeType ?? 'text/plain', text: value }] };
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}
