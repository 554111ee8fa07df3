import { Kysely, Migration } from 'kysely';

/** Users sign in to the approval pages: an scrypt hash (Kadu's hasher), `null` until a password is set. */
export const addUserPasswords: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').addColumn('password_hash', 'text').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').dropColumn('password_hash').execute();
  },
};
