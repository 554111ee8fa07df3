import { parseDatabaseUrl, PostgresLocation } from './database-url.parser';
import { POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS } from './database.constants';
import { openPostgresPool } from './postgres-connection.factory';
import { createPostgresTestDatabase, testsOnPostgres } from '../../../test/support/migrated-test.database';

// The settings are the server's own: only a real PostgreSQL can say it received them (`npm run test:postgres`).
const onPostgres = testsOnPostgres() ? it : it.skip;

describe('openPostgresPool', () => {
  onPostgres('every session it opens ends itself when left idle inside a transaction', async () => {
    const database = await createPostgresTestDatabase(null);
    const pool = openPostgresPool(parseDatabaseUrl(database.url) as PostgresLocation, () => undefined);
    try {
      const clients = await Promise.all([pool.connect(), pool.connect()]);
      for (const client of clients) {
        const { rows } = await client.query<{ ms: string }>("select setting as ms from pg_settings where name = 'idle_in_transaction_session_timeout'");
        expect(Number(rows[0].ms)).toBe(POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS);
        client.release();
      }
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
