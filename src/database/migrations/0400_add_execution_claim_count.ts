import { Kysely, Migration } from 'kysely';

/**
 * How many times a worker claimed each execution: one per run, one more per
 * `continue`, and one more per take-over after a dead worker's lease
 * expired. Makes a re-run visible (and countable in tests), where the
 * queue's lease alone would hide it.
 */
export const addExecutionClaimCount: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('executions')
      .addColumn('claim_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('executions').dropColumn('claim_count').execute();
  },
};
