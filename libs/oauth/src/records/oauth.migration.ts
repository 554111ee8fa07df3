import { Kysely, Migration } from 'kysely';

/**
 * The authorization server's one table (see `OAuthRecordsTable`), with the
 * indexes its statements use: grant revocation, a person's connected apps,
 * `findByUid`, and the sweep of expired records. Both hosts list it as
 * `0600_create_oauth`.
 */
export const createOAuthRecords: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('oauth_records')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id_hash', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('account_id', 'text')
      .addColumn('client_id', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id_hash'])
      .execute();
    await db.schema.createIndex('oauth_records_grant_idx').on('oauth_records').column('grant_id').execute();
    await db.schema.createIndex('oauth_records_account_idx').on('oauth_records').columns(['account_id', 'client_id']).execute();
    await db.schema.createIndex('oauth_records_uid_idx').on('oauth_records').columns(['model', 'uid']).execute();
    await db.schema.createIndex('oauth_records_expires_idx').on('oauth_records').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('oauth_records').execute();
  },
};
