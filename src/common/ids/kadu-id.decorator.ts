import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/**
 * Longest id any Kadu input accepts. Ids are UUIDs (36 characters); the
 * margin keeps room for other formats, and any unknown text within it is
 * simply not found (404).
 */
export const KADU_ID_MAX_LENGTH = 64;

/**
 * The rules of every id field (a tool argument, a query filter, a route's
 * `:id` through {@link ParseIdPipe}), declared once so REST and MCP refuse
 * the same ids with the same words.
 */
export function IsKaduId(): PropertyDecorator {
  return applyDecorators(IsString(), IsNotEmpty(), MaxLength(KADU_ID_MAX_LENGTH));
}
