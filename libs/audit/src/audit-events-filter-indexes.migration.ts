import { Kysely, Migration } from 'kysely';

/** The indexes `0700_create_audit_events` made for the listing's filters, one per filtered column. */
const FILTERED_COLUMNS = ['tool', 'client_id', 'subject', 'decision'] as const;

/**
 * Drops the four indexes of the listing's filters (`audit_events_tool_idx`,
 * `_client_id_idx`, `_subject_idx`, `_decision_idx`). Each kept a hot spot
 * per organization and value, so every event wrote a page per person and per
 * client: with a thousand active clients that cost about 35 µs of CPU per
 * event (seven tenths of its write; `test/bench/audit-sink.measure.ts`),
 * and more the more people and clients an organization has. A filtered
 * listing now reads the organization's events newest first through
 * `audit_events_organization_time_idx`, a bounded number per page (see
 * `AuditTrailSettings.listScanRows`). Runs after `0700_create_audit_events`.
 */
export const dropAuditFilterIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of FILTERED_COLUMNS) await db.schema.dropIndex(`audit_events_${column}_idx`).ifExists().execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const column of FILTERED_COLUMNS) {
      await db.schema.createIndex(`audit_events_${column}_idx`).ifNotExists().on('audit_events').columns(['organization_id', column, 'time']).execute();
    }
  },
};
