import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { Client } from 'pg';
import { DatabaseMigrations, dialectOf, openDatabase } from '@kobana/database';
import { hostMigrations } from '@kobana/platform';
import { auditEventOf } from '../../../test/support/audit-events.seed';
import { createPostgresTestDatabase, testsOnPostgres } from '../../../test/support/migrated-test.database';
import { KaduDatabase } from '../kadu-database.interface';
import { KADU_MIGRATIONS } from './index';

/** Every migration of Kadu, the libraries' included, as a database upgraded today runs them. */
const LATEST = hostMigrations({ migrations: KADU_MIGRATIONS });
/** A database as it stood before the growth migrations (0900 on): rows in it, no listing indexes yet. */
const BEFORE_0900: DatabaseMigrations = Object.fromEntries(Object.entries(LATEST).filter(([name]) => name < '0900'));
const EVENTS = 5_000;

/** The indexes the growth migrations add or rebuild, with the columns each must have once they ran. */
const EXPECTED_INDEXES: Record<string, string[]> = {
  executions_organization_status_created_idx: ['organization_id', 'status', 'created_at', 'id'],
  executions_organization_task_created_idx: ['organization_id', 'task_id', 'created_at', 'id'],
  webhook_deliveries_organization_endpoint_created_idx: ['organization_id', 'endpoint_id', 'created_at', 'id'],
  audit_events_organization_time_idx: ['organization_id', 'time', 'id', 'tool', 'client_id', 'subject', 'decision', 'kind'],
  audit_events_organization_tool_time_idx: ['organization_id', 'tool', 'time', 'id'],
  audit_events_organization_decision_time_idx: ['organization_id', 'decision', 'time', 'id'],
  audit_events_organization_kind_time_idx: ['organization_id', 'kind', 'time', 'id'],
};

type AnyDatabase = Kysely<any>;

/** Every index of the database's tables (not the primary keys), by name, with its columns in order. */
async function indexes(db: AnyDatabase): Promise<Record<string, string[]>> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (
          await sql<{ name: string; column: string }>`
            select c.relname as name, a.attname as column
            from pg_index i
            join pg_class c on c.oid = i.indexrelid
            join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
            cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
            where not i.indisprimary
            order by c.relname, k.position`.execute(db)
        ).rows
      : (
          await sql<{ name: string; column: string }>`
            select m.name as name, ii.name as column
            from sqlite_master m, pragma_index_info(m.name) ii
            where m.type = 'index' and m.name not like 'sqlite_%'
            order by m.name, ii.seqno`.execute(db)
        ).rows;
  const byName: Record<string, string[]> = {};
  for (const row of rows) (byName[row.name] ??= []).push(row.column);
  return byName;
}

/** Each index the growth migrations add or rebuild is there, with its columns in order. */
function expectGrowthIndexes(found: Record<string, string[]>): void {
  for (const [name, columns] of Object.entries(EXPECTED_INDEXES)) expect({ name, columns: found[name] }).toEqual({ name, columns });
}

const eventCount = async (db: AnyDatabase): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An organization, and {@link EVENTS} audit events of it, written as the trail stood before 0910 (no trace id). */
async function seed(db: AnyDatabase): Promise<string> {
  const organizationId = 'org-upgrade';
  await db
    .insertInto('organizations')
    .values({ id: organizationId, slug: 'upgrade', name: 'Upgrade', plan: 'free', created_at: new Date().toISOString() })
    .execute();
  for (let start = 0; start < EVENTS; start += 500) {
    const rows = Array.from({ length: 500 }, () => ({ ...auditEventOf(organizationId), kind: 'mcp' }));
    await db.insertInto('audit_events').values(rows).execute();
  }
  return organizationId;
}

describe('upgrading a database with rows to the latest migrations', () => {
  it('puts every listing index in place with its columns, and leaves nothing half-built', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'kadu-upgrade-'));
    const database = testsOnPostgres() ? await createPostgresTestDatabase(null) : undefined;
    const url = database?.url ?? `sqlite:${join(folder, 'kadu.db')}`;
    let upgraded: Kysely<KaduDatabase> | undefined;
    try {
      // The release before: its migrations, its rows; then the server stops and the new release opens the database.
      const before = await openDatabase<KaduDatabase>(url, BEFORE_0900);
      await seed(before.db).finally(() => before.db.destroy());
      const opened = await openDatabase<KaduDatabase>(url, LATEST);
      upgraded = opened.db;
      expect(opened.applied).toEqual(Object.keys(LATEST).filter((name) => name >= '0900'));
      const found = await indexes(upgraded);
      expectGrowthIndexes(found);
      expect(Object.keys(found).filter((name) => name.includes('_next_'))).toEqual([]);
      expect(await eventCount(upgraded)).toBe(EVENTS);
    } finally {
      await upgraded?.destroy();
      await database?.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  (testsOnPostgres() ? it : it.skip)('on PostgreSQL, builds the indexes while the tables take writes, and waits for none', async () => {
    const database = await createPostgresTestDatabase(null);
    const before = await openDatabase<KaduDatabase>(database.url, BEFORE_0900);
    const holder = new Client({ connectionString: database.url });
    const writer = new Client({ connectionString: database.url, statement_timeout: 5000 });
    const watcher = new Client({ connectionString: database.url });
    let upgraded: Kysely<KaduDatabase> | undefined;
    try {
      const organizationId = await seed(before.db);
      await Promise.all([holder.connect(), writer.connect(), watcher.connect()]);
      // A call under way on a replica still serving: its transaction has written an event and not committed yet.
      await holder.query('begin');
      await writeEvent(holder, 'held', organizationId);
      let done = false;
      const upgrading = openDatabase<KaduDatabase>(database.url, LATEST).then((opened) => {
        done = true;
        return opened;
      });
      upgrading.catch(() => undefined);
      // The upgrade has reached the audit trail, and waits for the held transaction.
      await until(async () => {
        const { rows } = await watcher.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%audit_events%'",
        );
        return Number(rows[0].n) > 0;
      });
      // Meanwhile other calls write (within 5 s): a plain CREATE INDEX would hold them behind it until the held call ended.
      await writeEvent(writer, 'during', organizationId);
      expect(done).toBe(false);
      await holder.query('commit');
      const opened = await upgrading;
      upgraded = opened.db;
      expect(opened.applied).toEqual(Object.keys(LATEST).filter((name) => name >= '0900'));
      const found = await indexes(upgraded);
      expectGrowthIndexes(found);
      const { rows } = await watcher.query<{ invalid: string }>(
        'select count(*) as invalid from pg_index i join pg_class c on c.oid = i.indrelid where not i.indisvalid',
      );
      expect(Number(rows[0].invalid)).toBe(0);
      expect(await eventCount(upgraded)).toBe(EVENTS + 2);
    } finally {
      await holder.end().catch(() => undefined);
      await Promise.all([writer.end(), watcher.end()]);
      await upgraded?.destroy();
      await before.db.destroy();
      await database.drop();
    }
  });
});

/** An audit event written by a replica of the release before, on its own session. */
async function writeEvent(client: Client, id: string, organizationId: string): Promise<void> {
  await client.query(
    'insert into audit_events (id, organization_id, time, subject, client_id, era, method, decision, outcome, duration_ms, kind) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
    [id, organizationId, new Date().toISOString(), 'user', 'client', '2026', 'tools/call', 'allowed', 'success', 1, 'mcp'],
  );
}

/** Polls `check` every 50 ms until it holds, for 10 s at most. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the upgrade never reached the audit trail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
