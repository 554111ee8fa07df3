/**
 * The database of one test, in the dialect `KADU_TEST_DATABASE` names:
 * SQLite (the default) or PostgreSQL, where every test gets its own database
 * cloned from a migrated template on the throwaway cluster that
 * `npm run test:postgres` starts (see postgres-test.runner.ts).
 */
import { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { openKaduDatabase } from '../../src/database/database.factory';
import { KaduDatabase } from '../../src/database/kadu-database.interface';
import { runMaintenance } from './postgres-cluster';

/** Names the dialect of the suite: `sqlite` (default) or `postgres`. */
export const TEST_DATABASE_ENV = 'KADU_TEST_DATABASE';
/** The throwaway cluster's server URL (no database), set by the runner. */
export const TEST_POSTGRES_URL_ENV = 'KADU_TEST_POSTGRES_URL';
/** The migrated database every test database is cloned from (CREATE DATABASE … TEMPLATE). */
export const TEST_POSTGRES_TEMPLATE = 'kadu_template';

/** A database created for one test. */
export interface TestPostgresDatabase {
  url: string;
  /** Drops it; connections still open are terminated first (PostgreSQL 13+ `WITH (FORCE)`). */
  drop(): Promise<void>;
}

/** Whether this run puts Kadu on PostgreSQL. @throws Error on an unknown dialect, so a typo never silently tests SQLite. */
export function testsOnPostgres(): boolean {
  const dialect = process.env[TEST_DATABASE_ENV] ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`${TEST_DATABASE_ENV} must be sqlite or postgres (got "${dialect}")`);
  return dialect === 'postgres';
}

/** Creates a fresh, migrated database on the test cluster. */
export async function createPostgresTestDatabase(): Promise<TestPostgresDatabase> {
  const server = process.env[TEST_POSTGRES_URL_ENV];
  if (!server) throw new Error(`${TEST_DATABASE_ENV}=postgres needs ${TEST_POSTGRES_URL_ENV}: run the suite with npm run test:postgres`);
  const name = `kadu_test_${randomUUID().replace(/-/g, '')}`;
  await runMaintenance(server, `create database ${name} template ${TEST_POSTGRES_TEMPLATE}`);
  return { url: `${server}/${name}`, drop: () => runMaintenance(server, `drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database for a unit spec (in-memory SQLite, or its own PostgreSQL database); `destroy()` it after. */
export async function openTestDatabase(): Promise<Kysely<KaduDatabase>> {
  if (!testsOnPostgres()) return (await openKaduDatabase('sqlite::memory:')).db;
  const database = await createPostgresTestDatabase();
  const { db } = await openKaduDatabase(database.url);
  // Specs only call destroy(); dropping there keeps hundreds of test databases from piling up on the cluster.
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await destroy();
    await database.drop();
  };
  return db;
}
