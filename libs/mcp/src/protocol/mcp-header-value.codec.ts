const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;
const VISIBLE_ASCII = /^[\x20-\x7e\t]*$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a mirrored header value (`Mcp-Name`, `Mcp-Param-*`): raw visible
 * ASCII with surrounding spaces ignored, or `=?base64?…?=` of UTF-8.
 * `undefined` when the value is malformed, which callers treat as a mismatch.
 */
export function decodeMirroredHeader(value: string): string | undefined {
  const encoded = SENTINEL.exec(value.trim());
  if (encoded) {
    if (encoded[1].length % 4 !== 0) return undefined;
    try {
      return utf8.decode(Buffer.from(encoded[1], 'base64'));
    } catch {
      return undefined;
    }
  }
  if (!VISIBLE_ASCII.test(value)) return undefined;
  return value.trim();
}
