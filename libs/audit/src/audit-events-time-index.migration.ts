import { Kysely, Migration } from 'kysely';

/**
 * Drops `audit_events_time_idx` (every organization's events by time). The
 * pruner now sweeps one organization at a time through
 * `audit_events_organization_time_idx`, and this index only misled
 * PostgreSQL's planner: for an organization with many events it read a
 * listing's page from it, walking every organization's events back to the
 * cursor and dropping the others' (seconds at a million events), instead of
 * seeking the organization's own index. One index fewer is also one write
 * fewer per event. Hosts list it as `0910_drop_audit_time_index`, after the
 * migrations their databases already ran.
 */
export const dropAuditTimeIndex: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('audit_events_time_idx').ifExists().execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('audit_events_time_idx').ifNotExists().on('audit_events').column('time').execute();
  },
};
