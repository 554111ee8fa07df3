import { Kysely, sql } from 'kysely';
import { buildIndexConcurrently, DatabaseMigration, postgresIndexState } from '@kobana/database';

/** The listing's index: one organization's events by `(time, id)`. */
const INDEX = 'audit_events_organization_time_idx';
/** What a filtered listing tests on each event it looks at (see `AuditEventsService.list`). */
const FILTERED_COLUMNS = ['tool', 'client_id', 'subject', 'decision', 'kind'] as const;
/** The covering index's columns. */
const COVERING_COLUMNS = ['organization_id', 'time', 'id', ...FILTERED_COLUMNS] as const;
/** Where PostgreSQL builds the covering index concurrently, before `up` puts it in the old one's place. */
const NEXT_INDEX = 'audit_events_organization_time_next_idx';

/**
 * Rebuilds `audit_events_organization_time_idx` as `(organization_id, time,
 * id)` followed by the columns the listing filters on, so a filtered page's
 * look at up to `listScanRows` events reads the index alone (SQLite's
 * `COVERING INDEX`, PostgreSQL's Index Only Scan) instead of fetching each
 * event's row to test it: at a million events a rare filter's page cost
 * 1.4–2.8 ms on SQLite, nearly all of it those fetches. It stays one index
 * with one entry per event, appended at the organization's newest end: the
 * entry is wider, but no index keeps a spot per person, client or tool
 * (what `0701_drop_audit_filter_indexes` removed). The trailing columns are
 * key columns on both engines (no `INCLUDE`, which SQLite lacks); they come
 * after the unique `(time, id)`, so they never change the order. Hosts list
 * it as `0912_cover_audit_filters`, after `0910_drop_audit_time_index`.
 *
 * On PostgreSQL a trail with events gets the new index built concurrently
 * under another name first, its writes free meanwhile; `up` then drops the
 * old one and renames the new one, each a moment's lock, so the listing
 * never goes without its index.
 */
export const coverAuditFilters: DatabaseMigration = {
  async prepareConcurrently(db: Kysely<unknown>): Promise<void> {
    await buildIndexConcurrently(db, { name: NEXT_INDEX, table: 'audit_events', columns: COVERING_COLUMNS });
  },

  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex(INDEX).ifExists().execute();
    if ((await postgresIndexState(db, NEXT_INDEX)) === 'valid') {
      await sql`alter index ${sql.id(NEXT_INDEX)} rename to ${sql.id(INDEX)}`.execute(db);
      return;
    }
    await db.schema
      .createIndex(INDEX)
      .on('audit_events')
      .columns([...COVERING_COLUMNS])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex(INDEX).ifExists().execute();
    await db.schema.createIndex(INDEX).on('audit_events').columns(['organization_id', 'time', 'id']).execute();
  },
};
