import { Kysely, Migration } from 'kysely';

/**
 * Files of an organization: uploads (pending → uploaded → ready) and outputs
 * of executions (ready at once). The bytes live in the file store, not here.
 * `size` is an integer column (10 MiB fits every dialect's INTEGER).
 */
export const createFiles: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text')
      .addColumn('upload_expires_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'text')
      .addColumn('ready_at', 'text')
      .addColumn('deleted_at', 'text')
      .execute();
    // Listings filter by organization and walk (created_at, id) newest first.
    await db.schema.createIndex('files_organization_created_idx').on('files').columns(['organization_id', 'created_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('files').execute();
  },
};
