import { Kysely, Migration } from 'kysely';

/**
 * The audit trail of the MCP endpoint: one row per decision (see
 * `McpAuditEvent`). Every listing is one organization's, newest first, so
 * each index starts with the organization. Runs after the host's
 * `organizations` exist.
 */
export const createAuditEvents: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('time', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text')
      .addColumn('client_info', 'text')
      .addColumn('era', 'text', (c) => c.notNull())
      .addColumn('protocol_version', 'text')
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('tool', 'text')
      .addColumn('arguments_digest', 'text')
      .addColumn('arguments', 'text')
      .addColumn('decision', 'text', (c) => c.notNull())
      .addColumn('approval_id', 'text')
      .addColumn('approved_by', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('error_code', 'integer')
      .addColumn('correlation_id', 'text')
      .addColumn('duration_ms', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_events_organization_time_idx').on('audit_events').columns(['organization_id', 'time', 'id']).execute();
    for (const column of ['tool', 'client_id', 'subject', 'decision'] as const) {
      await db.schema.createIndex(`audit_events_${column}_idx`).on('audit_events').columns(['organization_id', column, 'time']).execute();
    }
    // The pruner deletes by age across organizations.
    await db.schema.createIndex('audit_events_time_idx').on('audit_events').column('time').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('audit_events').execute();
  },
};
