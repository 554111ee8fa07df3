import { z } from 'zod';

/** A note as the route and the tool answer it: keys beyond these are stripped by the schema. */
export const NoteView = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.iso.datetime(),
});
export type NoteView = z.output<typeof NoteView>;

/**
 * What `GET /api/v1/notes` and `notes_list` answer: the organization's notes,
 * newest first. The route's `@SerializeOptions({ schema })` and the tool's
 * `output` are this one constant.
 */
export const NoteListView = z.object({ notes: z.array(NoteView) });
export type NoteListView = z.output<typeof NoteListView>;
