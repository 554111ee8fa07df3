import { Kysely, sql } from 'kysely';
import { dialectOf } from './database-dialect.factory';

/** An index a migration adds: its name, its table, its columns in order. */
export interface IndexDefinition {
  name: string;
  table: string;
  columns: readonly string[];
}

/**
 * Builds `index` on PostgreSQL with `CREATE INDEX CONCURRENTLY`, which reads
 * every row of the table without blocking its writes (a plain `CREATE INDEX`
 * holds them for as long as it reads: minutes at tens of millions of rows,
 * while every replica still serving waits). Outside any transaction, as
 * PostgreSQL requires. Does nothing when the table does not exist yet (a new
 * database: the migration creates the index on an empty table) or the index
 * is built; a build left invalid by an interrupted run is dropped and made
 * again. SQLite has no such build: nothing happens there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; the index names its own table
export async function buildIndexConcurrently(db: Kysely<any>, index: IndexDefinition): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const { rows } = await sql<{ table: string | null }>`select to_regclass(${index.table})::text as table`.execute(db);
  if (rows[0]?.table === null) return;
  if ((await postgresIndexState(db, index.name)) === 'invalid') await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(db);
  const columns = sql.join(index.columns.map((column) => sql.id(column)));
  await sql`create index concurrently if not exists ${sql.id(index.name)} on ${sql.table(index.table)} (${columns})`.execute(db);
}

/**
 * Whether PostgreSQL has the index `name`, built and usable (`valid`), left
 * half-built by an interrupted concurrent build (`invalid`), or not at all.
 * On SQLite, `absent`: nothing there is built concurrently.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database
export async function postgresIndexState(db: Kysely<any>, name: string): Promise<'valid' | 'invalid' | 'absent'> {
  if (dialectOf(db) !== 'postgres') return 'absent';
  const { rows } = await sql<{ valid: boolean }>`select indisvalid as valid from pg_index where indexrelid = to_regclass(${name})`.execute(db);
  if (rows.length === 0) return 'absent';
  return rows[0].valid ? 'valid' : 'invalid';
}

/**
 * Creates `index` unless it exists: a migration's `up`, which finds it
 * already built where `buildIndexConcurrently` ran first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; the index names its own table
export async function createIndexIfAbsent(db: Kysely<any>, index: IndexDefinition): Promise<void> {
  await db.schema
    .createIndex(index.name)
    .ifNotExists()
    .on(index.table)
    .columns([...index.columns])
    .execute();
}
