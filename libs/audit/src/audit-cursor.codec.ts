import { BadRequestException } from '@nestjs/common';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetCursorKey } from '@kobana/database';
import { AuditMessages } from './audit.messages';

/** The sort key of the listing: newest first, the id breaking ties. */
export type AuditCursorKey = KeysetCursorKey;

/** The opaque cursor of the event a page ended on: the shared keyset cursor, base64url of `[time, id]` (the shape of Kadu's listings). */
export function encodeAuditCursor(key: AuditCursorKey): string {
  return encodeKeysetCursor(key);
}

/**
 * Reads a cursor back; anything {@link encodeAuditCursor} did not make is
 * refused, so a forged cursor reaches the query only as a well-formed time and id.
 *
 * @throws BadRequestException (400).
 */
export function decodeAuditCursor(cursor: string): AuditCursorKey {
  const key = decodeKeysetCursor(cursor);
  if (!key) throw new BadRequestException(AuditMessages.invalidCursor());
  return key;
}
