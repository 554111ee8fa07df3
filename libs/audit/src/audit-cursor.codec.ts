import { BadRequestException } from '@nestjs/common';
import { AuditMessages } from './audit.messages';

/** The sort key of the listing: newest first, the id breaking ties. */
export interface AuditCursorKey {
  time: string;
  id: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The opaque cursor of the event a page ended on: base64url of `[time, id]` (the shape of Kadu's listings). */
export function encodeAuditCursor(key: AuditCursorKey): string {
  return Buffer.from(JSON.stringify([key.time, key.id]), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back; anything {@link encodeAuditCursor} did not make is
 * refused, so a forged cursor reaches the query only as a well-formed time and id.
 *
 * @throws BadRequestException (400).
 */
export function decodeAuditCursor(cursor: string): AuditCursorKey {
  const invalid = () => new BadRequestException(AuditMessages.invalidCursor());
  if (!BASE64URL.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [time, id] = parsed as unknown[];
  if (typeof time !== 'string' || !ISO_TIMESTAMP.test(time) || Number.isNaN(Date.parse(time))) throw invalid();
  if (typeof id !== 'string' || !ID.test(id)) throw invalid();
  return { time, id };
}
