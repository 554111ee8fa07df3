import { Kysely, Migration } from 'kysely';

/**
 * Sign-in that cannot be abused: failed-attempt counters shared by every
 * replica (`sign_in_throttles`), the password stamp that ends a person's
 * sessions when their password changes, and the indexes the pruning sweep
 * deletes by. Runs after {@link createApprovals}.
 */
export const secureApprovalSignIn: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Sessions started before this column existed have no stamp, so they end: they were signed out by the cookie rename anyway.
    await db.schema.alterTable('approval_sessions').addColumn('password_stamp', 'text').execute();
    await db.schema.createIndex('approval_sessions_expires_idx').on('approval_sessions').column('expires_at').execute();
    await db.schema.createIndex('mcp_approvals_expires_idx').on('mcp_approvals').column('expires_at').execute();
    await db.schema
      .createTable('sign_in_throttles')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_ends_at', 'text', (c) => c.notNull())
      .addColumn('blocked_until', 'text')
      .execute();
    await db.schema.createIndex('sign_in_throttles_window_idx').on('sign_in_throttles').column('window_ends_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('sign_in_throttles').execute();
    await db.schema.dropIndex('mcp_approvals_expires_idx').execute();
    await db.schema.dropIndex('approval_sessions_expires_idx').execute();
    await db.schema.alterTable('approval_sessions').dropColumn('password_stamp').execute();
  },
};
