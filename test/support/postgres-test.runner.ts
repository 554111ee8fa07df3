/**
 * `npm run test:postgres`: starts a throwaway PostgreSQL cluster, migrates
 * the template every test database is cloned from, runs the command given
 * as arguments (jest) with `KADU_TEST_DATABASE=postgres`, then stops the
 * cluster and exits with the command's status.
 *
 *   ts-node test/support/postgres-test.runner.ts jest --runInBand …
 */
import { spawn } from 'node:child_process';
import { openKaduDatabase } from '../../src/database/kadu-database.factory';
import { PostgresCluster, startPostgresCluster } from './postgres-cluster';
import { TEST_DATABASE_ENV, TEST_POSTGRES_TEMPLATE, TEST_POSTGRES_URL_ENV } from './migrated-test.database';

async function main(command: string[]): Promise<number> {
  if (command.length === 0) throw new Error('Usage: postgres-test.runner.ts <command> [args…]');
  const cluster = await startPostgresCluster();
  try {
    await migrateTemplate(cluster);
    process.stdout.write(`PostgreSQL test cluster at ${cluster.serverUrl}\n`);
    return await run(command, { ...process.env, [TEST_DATABASE_ENV]: 'postgres', [TEST_POSTGRES_URL_ENV]: cluster.serverUrl });
  } finally {
    cluster.stop();
  }
}

/** Migrated once here, so each test's CREATE DATABASE … TEMPLATE is a file copy rather than a migration run. */
async function migrateTemplate(cluster: PostgresCluster): Promise<void> {
  await cluster.admin(`create database ${TEST_POSTGRES_TEMPLATE}`);
  const { db } = await openKaduDatabase(cluster.urlOf(TEST_POSTGRES_TEMPLATE));
  await db.destroy();
}

/** Runs the command with inherited stdio; Ctrl-C reaches it, and the cluster is stopped after it exits. */
function run(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
