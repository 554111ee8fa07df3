/** A page of a Kadu listing: `{ data, meta: { next_cursor, limit } }`. */
export interface Page<T> {
  data: T[];
  meta: {
    /** Pass as `cursor` for the next page; `null` on the last one. */
    next_cursor: string | null;
    limit: number;
  };
}
