import { Kysely, Migration } from 'kysely';

/**
 * Adds `trace_id` to `audit_events`: the OpenTelemetry trace id of the call,
 * so a person reading an event can find its trace. Nullable: events before
 * it, the authorization server's, and every event of a host that records no
 * traces (no SDK, or the call not sampled) have none.
 */
export const addAuditEventTrace: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('audit_events').addColumn('trace_id', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('audit_events').dropColumn('trace_id').execute();
  },
};
