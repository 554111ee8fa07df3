import { Kysely, Migration } from 'kysely';

/**
 * The indexes Billing's first identity migration left out and Kadu's has had
 * from the start: users by organization, tokens by organization and by user
 * (the foreign keys that cascades and lookups follow). The definitions are
 * those of `0001_create_identity` (the identity library's migration), so
 * both hosts' identity tables now have the same indexes.
 */
export const addIdentityIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('users_organization_id_idx').on('users').column('organization_id').execute();
    await db.schema.createIndex('access_tokens_organization_id_idx').on('access_tokens').column('organization_id').execute();
    await db.schema.createIndex('access_tokens_user_id_idx').on('access_tokens').column('user_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of ['access_tokens_user_id_idx', 'access_tokens_organization_id_idx', 'users_organization_id_idx']) {
      await db.schema.dropIndex(index).execute();
    }
  },
};
