import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { parseDatabaseUrl, PostgresLocation } from './database-url.parser';
import { POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS } from './database.constants';
import { DatabaseOutageService } from './database-outage.service';
import { openPostgresPool } from './postgres-connection.factory';
import { createPostgresTestDatabase, testsOnPostgres } from '../../../test/support/migrated-test.database';

// The settings are the server's own: only a real PostgreSQL can say it received them (`npm run test:postgres`).
const onPostgres = testsOnPostgres() ? it : it.skip;

describe('openPostgresPool', () => {
  const logger = { warn: jest.fn(), log: jest.fn() };
  const open = (url: string, statementTimeoutMs = 1500) =>
    openPostgresPool(parseDatabaseUrl(url) as PostgresLocation, {
      acquireTimeoutMs: 2000,
      statementTimeoutMs,
      outage: new DatabaseOutageService('PostgreSQL', logger as unknown as Logger),
    });
  beforeEach(() => jest.clearAllMocks());

  onPostgres('every session it opens ends itself when left idle inside a transaction, and bounds each statement', async () => {
    const database = await createPostgresTestDatabase(null);
    const pool = open(database.url);
    try {
      const clients = await Promise.all([pool.connect(), pool.connect()]);
      for (const client of clients) {
        const { rows } = await client.query<{ name: string; ms: string }>(
          "select name, setting as ms from pg_settings where name in ('idle_in_transaction_session_timeout', 'statement_timeout') order by name",
        );
        expect(rows.map((row) => [row.name, Number(row.ms)])).toEqual([
          ['idle_in_transaction_session_timeout', POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS],
          ['statement_timeout', 1500],
        ]);
        client.release();
      }
      await expect(pool.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  onPostgres('a checked-out client whose server session ends (57P01 / terminated) is heard, logged once, and replaced', async () => {
    const database = await createPostgresTestDatabase(null);
    const pool = open(database.url);
    try {
      // Checked out as Kysely holds one through a transaction: pg-pool listens to no error of it meanwhile.
      const held = await Promise.all([pool.connect(), pool.connect()]);
      await Promise.all(held.map((client) => client.query('begin')));
      const pids = await Promise.all(held.map(async (client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid));
      // From outside the pool, as an operator's restart would be: the pool then holds no connection that survived.
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      await admin.end();
      // Without a listener of its own, each client's `error` event would have ended this process here.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const client of held) {
        await expect(client.query('select 1')).rejects.toBeInstanceOf(Error);
        client.release();
      }
      expect(logger.warn.mock.calls).toEqual([[expect.stringMatching(/^PostgreSQL connection lost \(57P01: /)]]);
      const { rows } = await pool.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
      expect(logger.log.mock.calls).toEqual([
        [expect.stringMatching(/^PostgreSQL connection restored \(\d+ more connection errors during the outage not logged\)$/)],
      ]);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
