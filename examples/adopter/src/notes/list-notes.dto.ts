import { z } from 'zod';

/**
 * What `GET /api/v1/notes` takes in its query and `notes_list` as its
 * arguments: the route's `@Query({ schema })` and the tool's `input` are this
 * one constant, so both refuse the same input with the same 400 body. A
 * query's values are strings, hence `z.coerce`; a tool's arguments are JSON
 * and pass through it unchanged.
 */
export const ListNotesDto = z.object({
  /** Only the notes whose title contains this, ignoring case. */
  title: z.string().trim().min(2).max(40).optional(),
  /** How many notes at most, newest first. */
  limit: z.coerce.number().int().min(1).max(20).default(20),
});
export type ListNotesDto = z.output<typeof ListNotesDto>;
