import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/**
 * Longest id any host input accepts. Ids are UUIDs (36 characters); the
 * margin keeps room for other formats, and any unknown text within it is
 * simply not found (404).
 */
export const RECORD_ID_MAX_LENGTH = 64;

/**
 * The rules of an id field (a tool argument, a query filter, a route's
 * `:id`), declared once so REST and MCP refuse the same ids with the same
 * words: a non-empty string of at most {@link RECORD_ID_MAX_LENGTH} characters.
 */
export function IsRecordId(): PropertyDecorator {
  return applyDecorators(IsString(), IsNotEmpty(), MaxLength(RECORD_ID_MAX_LENGTH));
}
