import { Logger } from '@nestjs/common';
import { Kysely, Migration, sql } from 'kysely';
import { DatabaseMessages } from './database.messages';
import { openDatabase } from './database.factory';
import { DatabaseMigration, migrateToLatest } from './database-migrator.util';
import { buildIndexConcurrently, postgresIndexState } from './concurrent-index.util';
import { createPostgresTestDatabase, testsOnPostgres } from '../../../test/support/migrated-test.database';

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

  describe('a migration that prepares concurrently', () => {
    const onPostgres = testsOnPostgres() ? it : it.skip;
    /** A migration that indexes `a.id` concurrently on PostgreSQL, counting the builds it prepared; `beforeBuild` runs first. */
    const indexing = (beforeBuild?: () => Promise<void>): DatabaseMigration & { prepared: number } => {
      const migration = {
        prepared: 0,
        async prepareConcurrently(db: Kysely<unknown>) {
          migration.prepared++;
          await beforeBuild?.();
          await buildIndexConcurrently(db, { name: 'a_id_idx', table: 'a', columns: ['id'] });
        },
        up: (db: Kysely<unknown>) => db.schema.createIndex('a_id_idx').ifNotExists().on('a').column('id').execute(),
      };
      return migration;
    };

    onPostgres('runs once over replicas starting together: the one that waited finds it applied and prepares nothing', async () => {
      const database = await createPostgresTestDatabase(null);
      const first = await openDatabase<unknown>(database.url, { '0001_a': table('a') });
      try {
        await sql`insert into a (id) select g::text from generate_series(1, 20000) g`.execute(first.db);
        // The replica that takes the lock first builds only once the other, having seen the migration pending too, waits for it.
        const said = jest.spyOn(Logger.prototype, 'log');
        const otherWaits = async () => {
          for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
            if (said.mock.calls.some(([message]) => message === DatabaseMessages.waitingForMigrations())) return;
          }
          throw new Error('no other replica waited');
        };
        const [one, two] = [indexing(otherWaits), indexing(otherWaits)];
        const opened = await Promise.all([
          openDatabase<unknown>(database.url, { '0001_a': table('a'), '0002_index': one }),
          openDatabase<unknown>(database.url, { '0001_a': table('a'), '0002_index': two }),
        ]);
        await Promise.all(opened.map(({ db }) => db.destroy()));
        expect(opened.map(({ applied }) => applied).sort()).toEqual([[], ['0002_index']]);
        expect(one.prepared + two.prepared).toBe(1);
        expect(await postgresIndexState(first.db, 'a_id_idx')).toBe('valid');
      } finally {
        jest.restoreAllMocks();
        await first.db.destroy();
        await database.drop();
      }
    });

    onPostgres('drops a build an interrupted start-up left invalid, and builds it again', async () => {
      const database = await createPostgresTestDatabase(null);
      const first = await openDatabase<unknown>(database.url, { '0001_a': table('a') });
      try {
        // What a killed CREATE INDEX CONCURRENTLY leaves: the index in the catalog, marked invalid.
        await sql`create index a_id_idx on a (id)`.execute(first.db);
        await sql`update pg_index set indisvalid = false where indexrelid = 'a_id_idx'::regclass`.execute(first.db);
        expect(await postgresIndexState(first.db, 'a_id_idx')).toBe('invalid');
        expect(await migrateToLatest(first.db, { '0001_a': table('a'), '0002_index': indexing() })).toEqual(['0002_index']);
        expect(await postgresIndexState(first.db, 'a_id_idx')).toBe('valid');
      } finally {
        await first.db.destroy();
        await database.drop();
      }
    });

    it('on SQLite, is an ordinary migration: no preparation, the index made by up', async () => {
      const migration = indexing();
      const { db, applied } = await openDatabase<unknown>('sqlite::memory:', { '0001_a': table('a'), '0002_index': migration });
      try {
        expect(applied).toEqual(['0001_a', '0002_index']);
        expect(migration.prepared).toBe(0);
        const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'a_id_idx'`.execute(db);
        expect(rows).toHaveLength(1);
      } finally {
        await db.destroy();
      }
    });
  });
});
