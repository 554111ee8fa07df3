/**
 * The database of one spec, in the dialect `KADU_TEST_DATABASE` names:
 * SQLite (the default) or PostgreSQL, where every spec gets its own database
 * on the throwaway cluster that `npm run test:postgres` starts (see
 * postgres-test.runner.ts). Host-neutral: library specs migrate it with their
 * own list; Kadu's specs use `openTestDatabase` (test-database.ts).
 */
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { DatabaseMigrations, openDatabase } from '@kobana/database';
import { runMaintenance } from './postgres-cluster';

/** Names the dialect of the suite: `sqlite` (default) or `postgres`. */
export const TEST_DATABASE_ENV = 'KADU_TEST_DATABASE';
/** The throwaway cluster's server URL (no database), set by the runner. */
export const TEST_POSTGRES_URL_ENV = 'KADU_TEST_POSTGRES_URL';
/** The database migrated with Kadu's list that Kadu's test databases are cloned from (CREATE DATABASE … TEMPLATE). */
export const TEST_POSTGRES_TEMPLATE = 'kadu_template';

/** A database created for one test. */
export interface TestPostgresDatabase {
  url: string;
  /** Drops it; connections still open are terminated first (PostgreSQL 13+ `WITH (FORCE)`). */
  drop(): Promise<void>;
}

/** Whether this run puts the databases on PostgreSQL. @throws Error on an unknown dialect, so a typo never silently tests SQLite. */
export function testsOnPostgres(): boolean {
  const dialect = process.env[TEST_DATABASE_ENV] ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`${TEST_DATABASE_ENV} must be sqlite or postgres (got "${dialect}")`);
  return dialect === 'postgres';
}

/**
 * Creates a database on the test cluster: a copy of `template` (Kadu's
 * migrated template by default), or an empty one when `template` is `null`.
 */
export async function createPostgresTestDatabase(template: string | null = TEST_POSTGRES_TEMPLATE): Promise<TestPostgresDatabase> {
  const server = process.env[TEST_POSTGRES_URL_ENV];
  if (!server) throw new Error(`${TEST_DATABASE_ENV}=postgres needs ${TEST_POSTGRES_URL_ENV}: run the suite with npm run test:postgres`);
  const name = `kadu_test_${randomUUID().replace(/-/g, '')}`;
  await runMaintenance(server, `create database ${name}${template === null ? '' : ` template ${template}`}`);
  return { url: `${server}/${name}`, drop: () => runMaintenance(server, `drop database if exists ${name} with (force)`) };
}

/**
 * A fresh database migrated with `migrations` only (in-memory SQLite, or an
 * empty PostgreSQL database of its own); `destroy()` it after, which drops it.
 */
export async function openMigratedTestDatabase<DB>(migrations: DatabaseMigrations): Promise<Kysely<DB>> {
  if (!testsOnPostgres()) return (await openDatabase<DB>('sqlite::memory:', migrations)).db;
  return dropOnDestroy(await createPostgresTestDatabase(null), (url) => openDatabase<DB>(url, migrations));
}

/**
 * Opens `database` and makes `destroy()` drop it too: specs only call
 * destroy(), and dropping there keeps hundreds of test databases from piling
 * up on the cluster.
 */
export async function dropOnDestroy<DB>(database: TestPostgresDatabase, open: (url: string) => Promise<{ db: Kysely<DB> }>): Promise<Kysely<DB>> {
  const { db } = await open(database.url).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await destroy();
    await database.drop();
  };
  return db;
}
