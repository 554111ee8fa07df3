import { Kysely, Migration, sql } from 'kysely';

/**
 * Adds `kind` to `audit_events`: `mcp` for the MCP endpoint's events (every
 * row before it), `oauth` for the authorization server's (consents,
 * grants revoked for reuse). Runs after `0701_drop_audit_filter_indexes`.
 */
export const addAuditEventKind: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('audit_events')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo(sql`'mcp'`))
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('audit_events').dropColumn('kind').execute();
  },
};
