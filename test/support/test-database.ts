/**
 * The Kadu database of one test (see migrated-test.database.ts for the
 * dialects): on PostgreSQL each one is cloned from the template migrated
 * once with Kadu's list.
 */
import { Kysely } from 'kysely';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { createPostgresTestDatabase, dropOnDestroy, testsOnPostgres } from './migrated-test.database';

/** A fresh, migrated database for a unit spec (in-memory SQLite, or its own PostgreSQL database); `destroy()` it after. */
export async function openTestDatabase(): Promise<Kysely<KaduDatabase>> {
  if (!testsOnPostgres()) return (await openKaduDatabase('sqlite::memory:')).db;
  return dropOnDestroy(await createPostgresTestDatabase(), openKaduDatabase);
}
