import { Logger } from '@nestjs/common';
import { Kysely, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database.factory';
import { DatabaseStorageService, STORAGE_PROBE_INTERVAL_MS } from './database-storage.service';

interface Tables {
  items: { id: number; body: string };
}

const MIGRATIONS = {
  '0001_items': {
    up: (db: Kysely<unknown>) =>
      db.schema
        .createTable('items')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('body', 'text')
        .execute(),
  },
};

/** A value several pages long, so each insert needs pages the file may not grow to. */
const BODY = 'x'.repeat(20_000);

describe('DatabaseStorageService on SQLite with a full file (max_page_count: SQLITE_FULL for real)', () => {
  let dir: string;
  let db: Kysely<Tables>;
  let error: jest.SpyInstance;
  let log: jest.SpyInstance;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kobana-storage-'));
    db = (await openDatabase<Tables>(`sqlite:${join(dir, 'full.sqlite')}`, MIGRATIONS)).db;
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation();
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Lets the file hold no page more than it has now: the next page an insert needs is refused, as on a full disk. */
  async function fillTheDisk(): Promise<void> {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0].page_count}`).execute(db);
  }

  it("a failed transaction throws SQLite's own SQLITE_FULL, never 'cannot rollback', and nothing is kept", async () => {
    await fillTheDisk();
    const write = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, body: 'small' }).execute();
      await trx.insertInto('items').values({ id: 2, body: BODY }).execute();
    });
    await expect(write).rejects.toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
  });

  it('reports the fault until space is freed: logged once with the cause, a bounded probe, then a line when writes succeed', async () => {
    const storage = DatabaseStorageService.of(db)!;
    expect(await storage.probe(db)).toBeUndefined();
    await fillTheDisk();
    for (const id of [1, 2]) await expect(db.insertInto('items').values({ id, body: BODY }).execute()).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(storage.failing).toBe('SQLITE_FULL');
    expect(error.mock.calls).toEqual([[expect.stringMatching(/^Writes fail: SQLITE_FULL \(database or disk is full\)/)]]);

    // Still full: the probe's own write fails, and it keeps the fault.
    const start = Date.now();
    expect(await storage.probe(db, start + STORAGE_PROBE_INTERVAL_MS)).toBe('SQLITE_FULL');
    await sql.raw('pragma max_page_count = 1000000').execute(db);
    // Within the interval no write is tried: the last answer stands.
    expect(await storage.probe(db, start + STORAGE_PROBE_INTERVAL_MS + 1)).toBe('SQLITE_FULL');
    expect(await storage.probe(db, start + 2 * STORAGE_PROBE_INTERVAL_MS)).toBeUndefined();
    expect(log.mock.calls).toEqual([['Writes succeed again: storage recovered']]);
    // The probe left no table behind.
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'kobana_storage_probe%'`.execute(db);
    expect(tables.rows).toEqual([]);
  });

  it('an insert that succeeds ends the fault without a probe', async () => {
    const storage = DatabaseStorageService.of(db)!;
    await fillTheDisk();
    await expect(db.insertInto('items').values({ id: 1, body: BODY }).execute()).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    await sql.raw('pragma max_page_count = 1000000').execute(db);
    await db.insertInto('items').values({ id: 1, body: BODY }).execute();
    expect(storage.failing).toBeUndefined();
  });
});
