import { BadRequestException } from '@nestjs/common';

/** The sort key of a keyset listing: newest first, the id breaking ties. */
export interface CursorKey {
  created_at: string;
  id: string;
}

/** The one message for every unusable cursor: a client can only drop it and start over. */
export const INVALID_CURSOR_MESSAGE = 'cursor is invalid: pass meta.next_cursor of a previous page unchanged, or omit it';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The opaque cursor of the row a page ended on: base64url of `[created_at, id]`. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.created_at, key.id]), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back. Anything that is not exactly what {@link encodeCursor}
 * makes is refused rather than guessed at, so a forged cursor can never reach
 * the query as anything but a well-formed timestamp and id.
 *
 * @throws BadRequestException (400) with {@link INVALID_CURSOR_MESSAGE}.
 */
export function decodeCursor(cursor: string): CursorKey {
  const invalid = () => new BadRequestException(INVALID_CURSOR_MESSAGE);
  if (!BASE64URL.test(cursor)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || !ISO_TIMESTAMP.test(createdAt) || Number.isNaN(Date.parse(createdAt))) throw invalid();
  if (typeof id !== 'string' || !ID.test(id)) throw invalid();
  return { created_at: createdAt, id };
}
