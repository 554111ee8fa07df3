/**
 * The opaque cursor of a keyset listing (newest first, the id breaking ties):
 * base64url of the JSON array `[time, id]` of the row a page ended on. Every
 * listing of every host uses this one shape, so a cursor's format is defined
 * once; each listing maps its own columns onto `time` and `id` and answers an
 * unusable cursor with its own 400 message.
 */

/** The sort key a cursor carries: an ISO timestamp with milliseconds and the row's id. */
export interface KeysetCursorKey {
  time: string;
  id: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The cursor of the row `key` names. */
export function encodeKeysetCursor(key: KeysetCursorKey): string {
  return Buffer.from(JSON.stringify([key.time, key.id]), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back, or answers `undefined` for anything that is not exactly
 * what {@link encodeKeysetCursor} makes: it is refused rather than guessed at,
 * so a forged cursor can never reach a query as anything but a well-formed
 * timestamp and id.
 */
export function decodeKeysetCursor(cursor: string): KeysetCursorKey | undefined {
  if (!BASE64URL.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
  const [time, id] = parsed as unknown[];
  if (typeof time !== 'string' || !ISO_TIMESTAMP.test(time) || Number.isNaN(Date.parse(time))) return undefined;
  if (typeof id !== 'string' || !ID.test(id)) return undefined;
  return { time, id };
}
