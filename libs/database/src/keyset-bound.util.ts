import { Expression, SqlBool, sql } from 'kysely';
import type { KeysetCursorKey } from './keyset-cursor.codec';

/**
 * The rows strictly before `key` in a newest-first keyset order on
 * `(timeColumn, idColumn)`, as a row-value comparison. Both engines (SQLite
 * since 3.15, PostgreSQL) read `(time, id) < (?, ?)` as a bound on an index
 * that ends with those two columns, so a page 20 or 20,000 pages deep seeks
 * straight to its cursor; the equivalent `time < ? OR (time = ? AND id < ?)`
 * is no bound to either planner, and each page walked from the newest row
 * down to the cursor (docs/operating.md, "Growth").
 *
 * Column names are the caller's own constants, never input: they are
 * written as references, the cursor's values as parameters.
 */
export function keysetBefore(timeColumn: string, idColumn: string, key: KeysetCursorKey): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${key.time}, ${key.id})`;
}

/** The rows at or after `key` in the same order read backwards: `(time, id) >= (?, ?)`, the far end of a bounded look. */
export function keysetAtOrAfter(timeColumn: string, idColumn: string, key: KeysetCursorKey): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) >= (${key.time}, ${key.id})`;
}
