import { CreateTableBuilder, Kysely, Migration } from 'kysely';

/** What a host adds to the identity tables as it first creates them. */
export interface IdentityMigrationOptions {
  /**
   * Columns of the host's own on `organizations`, placed after `name` (Kadu:
   * `plan`). Give values for them in `IdentityOptions.organizationValues`.
   */
  organizationColumns?(table: CreateTableBuilder<'organizations'>): CreateTableBuilder<'organizations'>;
}

/**
 * Organizations, their users and access tokens. Only portable column types
 * and constraints: text ids (UUIDs), ISO-8601 timestamps as text. Roles and
 * audiences are checked by the application rather than a CHECK constraint,
 * because SQLite cannot alter a constraint without rebuilding the table.
 *
 * A host puts the returned migration in its list under a name of its own
 * (Kadu: `0001_create_identity`).
 */
export const createIdentityMigration = (options: IdentityMigrationOptions = {}): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    const organizations = db.schema
      .createTable('organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull());
    await (options.organizationColumns?.(organizations) ?? organizations).addColumn('created_at', 'text', (c) => c.notNull()).execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      // Unique across organizations: sign-in asks for an e-mail, not an organization.
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_organization_id_idx').on('users').column('organization_id').execute();

    await db.schema
      .createTable('access_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_name', 'text')
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('access_tokens_organization_id_idx').on('access_tokens').column('organization_id').execute();
    await db.schema.createIndex('access_tokens_user_id_idx').on('access_tokens').column('user_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('access_tokens').execute();
    await db.schema.dropTable('users').execute();
    await db.schema.dropTable('organizations').execute();
  },
});
