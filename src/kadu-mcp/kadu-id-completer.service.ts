import { Injectable } from '@nestjs/common';
import { Kysely, sql } from 'kysely';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';

/** The tables whose ids can be completed. */
export type KaduCompletableTable = 'tasks' | 'executions' | 'files';

/**
 * Most ids one completion reads. The module sends the first 100 and reports
 * how many there were; past this cap `total` is a lower bound, which keeps an
 * empty prefix in a large organization from scanning every row.
 */
export const KADU_COMPLETION_SCAN_LIMIT = 1000;

/** Ids longer than any stored id (UUIDs) can match nothing, so they skip the query. */
const MAX_PREFIX_LENGTH = 64;

/**
 * Ids of the caller's organization that start with a prefix, newest first.
 * Every query is confined to `organizationId`: a completion is a read and
 * must not leak another organization's ids any more than `_get` does.
 */
@Injectable()
export class KaduIdCompleter {
  constructor(@InjectDatabase() private readonly db: Kysely<KaduDatabase>) {}

  /** Ids of live rows of `table` in the organization starting with `prefix`. */
  async idsStartingWith(table: KaduCompletableTable, organizationId: string, prefix: string): Promise<string[]> {
    if (prefix.length > MAX_PREFIX_LENGTH) return [];
    // substr() instead of LIKE: a typed `%` or `_` must be a literal, not a wildcard.
    let query = this.db
      .selectFrom(table)
      .select('id')
      .where('organization_id', '=', organizationId)
      .where(sql<string>`substr(id, 1, ${prefix.length})`, '=', prefix);
    // Deleted tasks and files are not found by their `_get`, so they are not suggested either.
    if (table !== 'executions') query = query.where('deleted_at', 'is', null);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(KADU_COMPLETION_SCAN_LIMIT).execute();
    return rows.map((row) => row.id);
  }
}
