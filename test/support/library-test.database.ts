/**
 * The database of a library's spec: the few host tables the library's tables
 * point at, the library's own migrations, and the rows every case starts
 * from. Host-neutral, so library specs may use it (see
 * migrated-test.database.ts for the dialects).
 */
import type { Kysely, Migration } from 'kysely';
import type { DatabaseMigrations } from '@kobana/database';
import { openMigratedTestDatabase } from './migrated-test.database';

/** Which host tables to create besides `organizations` (always there). */
export interface HostTablesOptions {
  /** `users` (id, organization_id, email, role), with `password_hash` when `passwords` is set. */
  users?: { passwords: boolean };
  /** `effects` (id, organization_id → organizations, name): a table a library's callers write to. */
  effects?: boolean;
}

/** A user row to seed. */
export interface SeedUser {
  id: string;
  organization_id: string;
  email: string;
  role: string;
}

/** What a library's spec opens. */
export interface LibraryTestDatabaseOptions {
  hostTables: HostTablesOptions;
  /** The library's migrations, run after the host tables. */
  migrations: DatabaseMigrations;
  /** Organization ids to insert. */
  organizations?: string[];
  /** Users to insert (needs `hostTables.users`). */
  users?: SeedUser[];
}

/** The migration that creates the host tables `options` names. */
export function hostTablesMigration(options: HostTablesOptions): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .execute();
      if (options.users) {
        let users = db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('organization_id', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull());
        if (options.users.passwords) users = users.addColumn('password_hash', 'text');
        await users.execute();
      }
      if (options.effects) {
        await db.schema
          .createTable('effects')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
      }
    },
  };
}

/** The seeded tables, as the seeding sees them. */
interface SeedDatabase {
  organizations: { id: string };
  users: SeedUser;
}

/**
 * A fresh database with the host tables, the library's migrations and the
 * seed rows (in-memory SQLite, or a PostgreSQL database of its own);
 * `destroy()` it after, which drops it.
 */
export async function openLibraryTestDatabase<DB>(options: LibraryTestDatabaseOptions): Promise<Kysely<DB>> {
  const db = await openMigratedTestDatabase<DB>({ '0001_create_host_tables': hostTablesMigration(options.hostTables), ...options.migrations });
  const seed = db as unknown as Kysely<SeedDatabase>;
  try {
    if (options.organizations?.length) {
      await seed
        .insertInto('organizations')
        .values(options.organizations.map((id) => ({ id })))
        .execute();
    }
    if (options.users?.length) await seed.insertInto('users').values(options.users).execute();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
