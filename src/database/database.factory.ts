import { Kysely } from 'kysely';
import { describeDatabase, parseDatabaseUrl } from './database-url.parser';
import { createDialect } from './database.dialect';
import { migrateToLatest } from './database.migrator';
import { KaduDatabase } from './kadu-database.interface';

/** An open, migrated database and what was done to it. */
export interface OpenedDatabase {
  db: Kysely<KaduDatabase>;
  /** Migrations applied by this call. */
  applied: string[];
  /** A printable description of where the data lives (no credentials). */
  description: string;
}

/**
 * Opens the database named by `DATABASE_URL` and brings its schema up to
 * date, so nothing that receives the instance ever sees an old schema.
 * The caller owns the instance and must `destroy()` it.
 */
export async function openKaduDatabase(databaseUrl: string): Promise<OpenedDatabase> {
  const location = parseDatabaseUrl(databaseUrl);
  const db = new Kysely<KaduDatabase>({ dialect: createDialect(location) });
  try {
    const applied = await migrateToLatest(db);
    return { db, applied, description: describeDatabase(location) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
