import { Kysely, Migration, MigrationProvider, MigrationResultSet, Migrator, sql } from 'kysely';
import { Logger } from '@nestjs/common';
import { dialectOf } from './database-dialect.factory';
import { DatabaseMessages } from './database.messages';

/**
 * A migration, and what it may do on PostgreSQL before the migrations'
 * transaction.
 */
export interface DatabaseMigration extends Migration {
  /**
   * On PostgreSQL, when this migration is pending: runs before the pending
   * migrations' transaction, outside any transaction, one replica at a time,
   * so that it may build the migration's indexes with `CREATE INDEX
   * CONCURRENTLY` (`buildIndexConcurrently`), leaving the table's writes free
   * while the build reads every row; `up` then finds them built. Must be
   * idempotent: a replica that waited may find the work done, and a start-up
   * retried runs it again. Never called on SQLite.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; the migration names its own tables
  prepareConcurrently?(db: Kysely<any>): Promise<void>;
}

/**
 * A host's migrations by name. Kysely applies them in name order and records
 * each name in the database, so a released name never changes: a database
 * whose history names a migration the list lacks is refused.
 */
export type DatabaseMigrations = Readonly<Record<string, DatabaseMigration>>;

/** The advisory lock under which one replica at a time prepares and migrates (Kysely's own is held only around its transaction). */
const PREPARE_LOCK_ID = 0x6b6f_6261;
/** How long a replica waits between two tries of that lock while another holds it. */
const PREPARE_LOCK_RETRY_MS = 250;

/**
 * Applies every pending migration of `migrations`, the host's own list: there
 * is no default, so no host ever runs another's schema by omission. Kysely
 * takes a lock first, so replicas starting together apply each migration once.
 *
 * @returns the names of the migrations applied now (empty when up to date).
 * @throws the migration's error; the failing migration is rolled back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database; the migrations name their own tables
export async function migrateToLatest(db: Kysely<any>, migrations: DatabaseMigrations, logger = new Logger('Database')): Promise<string[]> {
  // Compiled in, so no file-system scan at start-up.
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = dialectOf(db) === 'postgres' ? await migrateOnPostgres(db, migrator, migrations, logger) : await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    // No migration named: the migrator failed before running any (the database did not answer, the lock was refused).
    throw new Error(failed ? `Migration ${failed} failed: ${reason}` : `Migrations could not start: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * Kysely's `migrateToLatest`, after the `prepareConcurrently` step of each
 * pending migration that has one, in name order. When there is any, both run
 * on PostgreSQL under {@link PREPARE_LOCK_ID}, held on a connection of its
 * own, and the pending list is read again once it is held: a replica that
 * waited finds the migrations applied, and builds nothing the others have
 * already put in place. The migrator runs on a second connection.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database
async function migrateOnPostgres(db: Kysely<any>, migrator: Migrator, migrations: DatabaseMigrations, logger: Logger): Promise<MigrationResultSet> {
  const preparing = async () =>
    (await migrator.getMigrations()).filter((info) => info.executedAt === undefined && migrations[info.name].prepareConcurrently).map((info) => info.name);
  if ((await preparing()).length === 0) return migrator.migrateToLatest();
  return db.connection().execute(async (connection) => {
    await lockForMigrations(connection, logger);
    try {
      for (const name of await preparing()) {
        await migrations[name].prepareConcurrently!(connection).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Migration ${name} failed building its indexes: ${reason}`, { cause: error });
        });
      }
      return await migrator.migrateToLatest();
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK_ID})`.execute(connection);
    }
  });
}

/**
 * Takes {@link PREPARE_LOCK_ID}, trying again every
 * {@link PREPARE_LOCK_RETRY_MS} while another replica holds it. Tries, not a
 * blocking `pg_advisory_lock`: a statement waiting for the lock would be a
 * transaction the holder's `CREATE INDEX CONCURRENTLY` waits for in turn, a
 * deadlock PostgreSQL breaks by failing one of them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any host database
async function lockForMigrations(connection: Kysely<any>, logger: Logger): Promise<void> {
  for (let told = false; ; told = true) {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${PREPARE_LOCK_ID}) as locked`.execute(connection);
    if (rows[0].locked) return;
    if (!told) logger.log(DatabaseMessages.waitingForMigrations());
    await new Promise((resolve) => setTimeout(resolve, PREPARE_LOCK_RETRY_MS));
  }
}
