import { Kysely, sql } from 'kysely';
import { dialectOf } from '@kobana/database';
import { createIdentityMigration } from '@kobana/identity';
import { openMigratedTestDatabase, testsOnPostgres } from '../../../test/support/migrated-test.database';
import { hostMigrations as allMigrations } from '@kobana/platform';
import { BILLING_MIGRATIONS as OWN_BILLING_MIGRATIONS } from './migrations';

/** Every migration the host runs, the libraries' included, in name order. */
const BILLING_MIGRATIONS = allMigrations({ migrations: OWN_BILLING_MIGRATIONS });

/** An index a migration created (not one a primary key or unique constraint implies), with its columns in order. */
interface NamedIndex {
  table: string;
  name: string;
  columns: string[];
}

const IDENTITY_TABLES = ['organizations', 'users', 'access_tokens'];

/** The identity tables' own indexes, in either dialect, sorted by name. */
async function identityIndexes(db: Kysely<unknown>): Promise<NamedIndex[]> {
  const indexes = dialectOf(db) === 'sqlite' ? await sqliteIndexes(db) : await postgresIndexes(db);
  return indexes.filter((index) => IDENTITY_TABLES.includes(index.table)).sort((a, b) => a.name.localeCompare(b.name));
}

async function sqliteIndexes(db: Kysely<unknown>): Promise<NamedIndex[]> {
  // Indexes a constraint implies have no SQL of their own.
  const { rows } = await sql<{
    name: string;
    table: string;
  }>`select name, tbl_name as "table" from sqlite_master where type = 'index' and sql is not null`.execute(db);
  return Promise.all(
    rows.map(async ({ name, table }) => {
      const columns = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db);
      return { name, table, columns: columns.rows.map((column) => column.name) };
    }),
  );
}

async function postgresIndexes(db: Kysely<unknown>): Promise<NamedIndex[]> {
  const { rows } = await sql<{ name: string; table: string; columns: string[] }>`
    select i.relname as name, t.relname as "table", array_agg(a.attname::text order by k.n) as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace s on s.oid = t.relnamespace
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, n)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where s.nspname = current_schema() and not x.indisprimary and not x.indisunique
    group by i.relname, t.relname`.execute(db);
  return rows;
}

describe(`Billing's migrated database (${testsOnPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('has the identity indexes Kadu’s tables have: the identity library’s own', async () => {
    const billing = await openMigratedTestDatabase<unknown>(BILLING_MIGRATIONS);
    const library = await openMigratedTestDatabase<unknown>({ '0001_create_identity': createIdentityMigration() });
    try {
      expect(await identityIndexes(billing)).toEqual([
        { table: 'access_tokens', name: 'access_tokens_organization_id_idx', columns: ['organization_id'] },
        { table: 'access_tokens', name: 'access_tokens_user_id_idx', columns: ['user_id'] },
        { table: 'users', name: 'users_organization_id_idx', columns: ['organization_id'] },
      ]);
      expect(await identityIndexes(billing)).toEqual(await identityIndexes(library));
    } finally {
      await Promise.all([billing.destroy(), library.destroy()]);
    }
  });
});
