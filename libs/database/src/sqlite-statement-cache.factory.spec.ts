import Database from 'better-sqlite3';
import { Generated, Kysely, SqliteDialect } from 'kysely';
import { withStatementCache } from './sqlite-statement-cache.factory';

describe('withStatementCache', () => {
  let raw: Database.Database;

  beforeEach(() => {
    raw = new Database(':memory:');
    raw.exec('create table items (id integer primary key, name text not null)');
    raw.exec("insert into items (name) values ('a'), ('b'), ('c')");
  });

  afterEach(() => {
    if (raw.open) raw.close();
  });

  it('prepares each SQL text once and answers the same rows with other parameters', () => {
    const prepare = jest.spyOn(raw, 'prepare');
    const db = withStatementCache(raw);
    const first = db.prepare('select name from items where id = ?');
    expect(first.all([1])).toEqual([{ name: 'a' }]);
    const again = db.prepare('select name from items where id = ?');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ name: 'b' }]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('never hands out a statement still being iterated: a nested read gets its own', () => {
    const db = withStatementCache(raw);
    const sql = 'select id from items order by id';
    const outer = db.prepare(sql);
    const seen: number[][] = [];
    for (const row of outer.iterate([]) as IterableIterator<{ id: number }>) {
      const inner = db.prepare(sql);
      expect(inner).not.toBe(outer);
      seen.push([row.id, (inner.all([]) as { id: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(db.prepare(sql)).toBe(outer);
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const prepare = jest.spyOn(raw, 'prepare');
    const db = withStatementCache(raw, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a); // now the most recent
    db.prepare('select 3'); // drops "select 2"
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('serves Kysely: writes, reads and transactions through cached statements', async () => {
    const db = new Kysely<{ items: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    for (const name of ['d', 'e']) await db.insertInto('items').values({ name }).execute();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ name: 'z' }).where('name', '=', 'a').execute();
    });
    const names = await db.selectFrom('items').select('name').orderBy('id').execute();
    expect(names.map((row) => row.name)).toEqual(['z', 'b', 'c', 'd', 'e']);
    await db.destroy();
    expect(raw.open).toBe(false);
  });
});
