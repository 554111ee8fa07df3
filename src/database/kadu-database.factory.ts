import { OpenedDatabase } from '@kobana/database';
import { openHostDatabase } from '@kobana/platform';
import { KaduDatabase } from './kadu-database.interface';
import { KADU_MIGRATIONS } from './migrations';

/** Opens a database with every migration of Kadu, the libraries' included (see `openHostDatabase`); the caller must `destroy()` it. */
export function openKaduDatabase(databaseUrl: string): Promise<OpenedDatabase<KaduDatabase>> {
  return openHostDatabase<KaduDatabase>({ migrations: KADU_MIGRATIONS }, databaseUrl);
}
