import { Kysely } from 'kysely';
import { openKaduDatabase } from '../../src/database/database.factory';
import { KaduDatabase } from '../../src/database/kadu-database.interface';

/** A fresh, migrated in-memory database for a unit spec; `destroy()` it after. */
export async function openTestDatabase(): Promise<Kysely<KaduDatabase>> {
  return (await openKaduDatabase('sqlite::memory:')).db;
}
