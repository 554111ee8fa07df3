import { Kysely, Migration, sql } from 'kysely';

/**
 * Confirmation of destructive MCP tools (docs/protocol.md §7): approvals, spent
 * nonces, and the sessions of the approval page. All in the database, so an
 * approval created on one replica is decided on another and consumed on a
 * third. Runs after the host's `organizations` and `users` exist.
 */
export const createApprovals: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('mcp_approvals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text', (c) => c.notNull())
      .addColumn('tool', 'text', (c) => c.notNull())
      .addColumn('args_digest', 'text', (c) => c.notNull())
      .addColumn('arguments', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('consumed_at', 'text')
      .addColumn('closed_at', 'text')
      .execute();
    // At most one open approval per call: concurrent first calls on any replica share it (INSERT … ON CONFLICT DO NOTHING).
    await sql`create unique index mcp_approvals_open_key_idx on mcp_approvals (organization_id, subject, client_id, tool, args_digest) where status <> 'consumed' and closed_at is null`.execute(
      db,
    );

    await db.schema
      .createTable('mcp_confirmation_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mcp_confirmation_nonces_expires_idx').on('mcp_confirmation_nonces').column('expires_at').execute();

    await db.schema
      .createTable('approval_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('approval_sessions').execute();
    await db.schema.dropTable('mcp_confirmation_nonces').execute();
    await db.schema.dropTable('mcp_approvals').execute();
  },
};
