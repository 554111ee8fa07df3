import { Kysely } from 'kysely';
import { buildIndexConcurrently, createIndexIfAbsent, DatabaseMigration, IndexDefinition } from '@kobana/database';

/**
 * The filtered columns with few values in an organization: a tool of its
 * hosts, a decision, a kind. Each gets an index that seeks a filtered page
 * straight to its matches; `client_id` and `subject` (a value per client and
 * person) do not, see below.
 */
export const AUDIT_VALUE_INDEXED_COLUMNS = ['tool', 'decision', 'kind'] as const;

/** The index of one of {@link AUDIT_VALUE_INDEXED_COLUMNS}. */
export const auditValueIndexOf = (column: (typeof AUDIT_VALUE_INDEXED_COLUMNS)[number]): string => `audit_events_organization_${column}_time_idx`;

const VALUE_INDEXES: readonly IndexDefinition[] = AUDIT_VALUE_INDEXED_COLUMNS.map((column) => ({
  name: auditValueIndexOf(column),
  table: 'audit_events',
  columns: ['organization_id', column, 'time', 'id'],
}));

/**
 * Indexes `(organization_id, <column>, time, id)` for the tool, the decision
 * and the kind, so a page filtered by one of them is a seek bounded by its
 * cursor, like the unfiltered page, however rare its matches and however many
 * events the organization has (it was a look at up to `listScanRows` events:
 * at a million events, 4 to 10 times the page at a thousand). Each index
 * keeps a hot spot per organization and value, and these columns have few
 * values, so writing an event costs 2 to 4 µs of CPU more per index
 * (`test/bench/audit-sink.measure.ts`). `client_id` and `subject` keep the
 * bounded look: an index per client and person kept as many hot spots as an
 * organization has of them: with a thousand clients, an index on `client_id`
 * alone doubles the CPU of writing an event. Hosts list it as
 * `0913_index_audit_filter_values`, after `0912_cover_audit_filters`. On
 * PostgreSQL a trail with events gets them built concurrently first, its
 * writes free meanwhile.
 */
export const indexAuditFilterValues: DatabaseMigration = {
  async prepareConcurrently(db: Kysely<unknown>): Promise<void> {
    for (const index of VALUE_INDEXES) await buildIndexConcurrently(db, index);
  },

  async up(db: Kysely<unknown>): Promise<void> {
    for (const index of VALUE_INDEXES) await createIndexIfAbsent(db, index);
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of VALUE_INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  },
};
