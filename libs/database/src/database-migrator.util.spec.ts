import { Kysely, Migration, sql } from 'kysely';
import { openDatabase } from './database.factory';
import { migrateToLatest } from './database-migrator.util';

/** A migration that creates (and drops) one empty table. */
const table = (name: string): Migration => ({
  up: (db) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute(),
  down: (db) => db.schema.dropTable(name).execute(),
});

const tables = async (db: Kysely<unknown>): Promise<string[]> =>
  (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%' order by name`.execute(db)).rows.map(
    (row) => row.name,
  );

describe('migrateToLatest', () => {
  it('applies the list it is given, in name order, and only once', async () => {
    const { db, applied } = await openDatabase<unknown>('sqlite::memory:', { '0002_b': table('b'), '0001_a': table('a') });
    try {
      expect(applied).toEqual(['0001_a', '0002_b']);
      expect(await tables(db)).toEqual(['a', 'b']);
      expect(await migrateToLatest(db, { '0001_a': table('a'), '0002_b': table('b'), '0003_c': table('c') })).toEqual(['0003_c']);
      expect(await migrateToLatest(db, { '0001_a': table('a'), '0002_b': table('b'), '0003_c': table('c') })).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a list that lacks a name the database already recorded: a released name never changes', async () => {
    const { db } = await openDatabase<unknown>('sqlite::memory:', { '0001_a': table('a') });
    try {
      await expect(migrateToLatest(db, { '0001_renamed': table('a') })).rejects.toThrow(/0001_a/);
    } finally {
      await db.destroy();
    }
  });
});
