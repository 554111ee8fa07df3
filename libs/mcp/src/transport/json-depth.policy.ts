/**
 * Deepest nesting a request body may have. MCP messages need a handful of
 * levels (envelope, arguments, nested DTOs); thousands would only overflow the
 * stack of every recursive step after parsing (validation, canonical digests).
 */
export const MCP_MAX_JSON_DEPTH = 128;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests deeper than `limit`, in one pass without recursion (brackets inside strings do not count). */
export function exceedsJsonDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** A body's bytes as JSON text; one character per byte for a charset TextDecoder lacks (its ASCII brackets still count). */
export function jsonText(buffer: Buffer, encoding?: string | null): string {
  try {
    return new TextDecoder(encoding ?? 'utf-8').decode(buffer);
  } catch {
    return buffer.toString('latin1');
  }
}
