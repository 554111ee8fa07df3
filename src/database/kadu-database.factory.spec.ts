import { sql } from 'kysely';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLITE_BUSY_TIMEOUT_MS } from '@kobana/database';
import { openKaduDatabase } from './kadu-database.factory';
import { hostMigrations as allMigrations } from '@kobana/platform';
import { KADU_MIGRATIONS as OWN_KADU_MIGRATIONS } from './migrations';

/** Every migration the host runs, the libraries' included, in name order. */
const KADU_MIGRATIONS = allMigrations({ migrations: OWN_KADU_MIGRATIONS });

describe('openKaduDatabase', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kadu-db-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the data directory, migrates once, and turns on WAL, foreign keys and busy_timeout', async () => {
    const url = `sqlite:${join(dir, 'nested', 'data', 'kadu.sqlite')}`;
    const first = await openKaduDatabase(url);
    try {
      expect(existsSync(join(dir, 'nested', 'data', 'kadu.sqlite'))).toBe(true);
      expect(first.applied).toEqual(Object.keys(KADU_MIGRATIONS));
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(first.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(SQLITE_BUSY_TIMEOUT_MS);
    } finally {
      await first.db.destroy();
    }

    const second = await openKaduDatabase(url);
    expect(second.applied).toEqual([]);
    await second.db.destroy();
  });

  it('enforces foreign keys', async () => {
    const { db } = await openKaduDatabase('sqlite::memory:');
    try {
      // Not toThrow(): better-sqlite3 keeps the error class of the first spec that loaded it, from another realm.
      await expect(
        db.insertInto('users').values({ id: 'u', organization_id: 'missing', email: 'a@b', password_hash: null, role: 'owner', created_at: '' }).execute(),
      ).rejects.toMatchObject({ message: expect.stringMatching(/FOREIGN KEY/) });
    } finally {
      await db.destroy();
    }
  });
});
