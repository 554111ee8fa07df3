import { Kysely, Migration } from 'kysely';

/**
 * What an approval acts on, in words (a tool's `confirmation.describe`
 * hook), stored with the approval: the page that shows it may be served by
 * another replica than the one the call reached. `null` for tools without a
 * hook and for approvals made before this column.
 */
export const addApprovalSummary: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('mcp_approvals').addColumn('summary', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('mcp_approvals').dropColumn('summary').execute();
  },
};
