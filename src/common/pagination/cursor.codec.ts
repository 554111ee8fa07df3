import { BadRequestException } from '@nestjs/common';
import { decodeKeysetCursor, encodeKeysetCursor } from '@kobana/database';

/** The sort key of a keyset listing: newest first, the id breaking ties. */
export interface CursorKey {
  created_at: string;
  id: string;
}

/** The one message for every unusable cursor: a client can only drop it and start over. */
export const INVALID_CURSOR_MESSAGE = 'cursor is invalid: pass meta.next_cursor of a previous page unchanged, or omit it';

/** The opaque cursor of the row a page ended on: base64url of `[created_at, id]` (the shared keyset cursor). */
export function encodeCursor(key: CursorKey): string {
  return encodeKeysetCursor({ time: key.created_at, id: key.id });
}

/**
 * Reads a cursor back. Anything that is not exactly what {@link encodeCursor}
 * makes is refused rather than guessed at, so a forged cursor can never reach
 * the query as anything but a well-formed timestamp and id.
 *
 * @throws BadRequestException (400) with {@link INVALID_CURSOR_MESSAGE}.
 */
export function decodeCursor(cursor: string): CursorKey {
  const key = decodeKeysetCursor(cursor);
  if (!key) throw new BadRequestException(INVALID_CURSOR_MESSAGE);
  return { created_at: key.time, id: key.id };
}
