import { openDatabase, OpenedDatabase } from '@kobana/database';
import { KaduDatabase } from './kadu-database.interface';
import { KADU_MIGRATIONS } from './migrations';

/**
 * Opens the database named by `DATABASE_URL` and brings it up to date with
 * Kadu's migrations (see `openDatabase`). The caller owns the instance and
 * must `destroy()` it.
 */
export function openKaduDatabase(databaseUrl: string): Promise<OpenedDatabase<KaduDatabase>> {
  return openDatabase<KaduDatabase>(databaseUrl, KADU_MIGRATIONS);
}
