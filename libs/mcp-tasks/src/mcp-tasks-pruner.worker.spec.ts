import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Kysely } from 'kysely';
import type { McpTaskRecord } from '@kobana/mcp';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { createMcpTasks } from './mcp-tasks.migration';
import { McpTasksModule } from './mcp-tasks.module';
import { McpTasksPruner } from './mcp-tasks-pruner.worker';
import { DatabaseTaskStore } from './database-task.store';
import { McpTasksDatabase } from './mcp-tasks.table';

const DATABASE = Symbol('TestDatabase');
const SETTINGS = Symbol('TestSettings');

describe('McpTasksPruner', () => {
  let db: Kysely<McpTasksDatabase>;
  const task = (id: string, expiresAt: string): McpTaskRecord => ({
    id,
    organization_id: 'org',
    subject: 'user',
    client_id: 'client',
    tool: 'kadu_tasks_run',
    handle: '{}',
    status: 'completed',
    status_message: null,
    outcome: null,
    created_at: '2026-07-28T09:00:00.000Z',
    updated_at: '2026-07-28T09:00:00.000Z',
    expires_at: expiresAt,
  });
  const insert = async (tasks: McpTaskRecord[]) => {
    for (let i = 0; i < tasks.length; i += 200)
      await db
        .insertInto('mcp_tasks')
        .values(tasks.slice(i, i + 200))
        .execute();
  };
  const ids = async () => (await db.selectFrom('mcp_tasks').select('id').orderBy('id').execute()).map((row) => row.id);
  const past = new Date(Date.now() - 60_000).toISOString();
  const future = new Date(Date.now() + 3_600_000).toISOString();

  beforeEach(async () => {
    db = await openLibraryTestDatabase<McpTasksDatabase>({ hostTables: {}, migrations: { '0800_create_mcp_tasks': createMcpTasks }, organizations: ['org'] });
  });
  afterEach(() => db.destroy());

  /** The module as a host registers it, its interval from the host's own provider (a platform host's `<P>PRUNE_INTERVAL_MS`). */
  async function start(pruneIntervalMs: number) {
    @Global()
    @Module({
      providers: [
        { provide: DATABASE, useValue: db },
        { provide: SETTINGS, useValue: { interval: pruneIntervalMs } },
      ],
      exports: [DATABASE, SETTINGS],
    })
    class HostModule {}
    const moduleRef = await Test.createTestingModule({
      imports: [
        HostModule,
        McpTasksModule.register({
          imports: [],
          database: DATABASE,
          settings: { inject: [SETTINGS], useFactory: (host: { interval: number }) => ({ pruneIntervalMs: host.interval }) },
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    return app;
  }

  it('deletes every expired task in batches of 500, and keeps the live ones', async () => {
    // 1,203 expired: two full batches and a last one.
    await insert([...Array.from({ length: 1203 }, (_, i) => task(`old-${String(i).padStart(4, '0')}`, past)), task('live', future)]);
    const pruner = new McpTasksPruner(new DatabaseTaskStore(db), { pruneIntervalMs: 0 });
    await expect(pruner.prune()).resolves.toBe(1203);
    expect(await ids()).toEqual(['live']);
    await expect(pruner.prune()).resolves.toBe(0);
  });

  it("sweeps once start-up ends, then at the interval the host's provider gives", async () => {
    await insert(Array.from({ length: 1203 }, (_, i) => task(`old-${i}`, past)));
    const app = await start(50);
    try {
      // Nothing called prune(): the sweep at start-up clears the backlog.
      await waitFor(async () => (await ids()).length === 0);
      // A task that expires now goes at the next sweep, 50 ms on: the default ten minutes would never reach it here.
      await insert([task('later', past)]);
      await waitFor(async () => (await ids()).length === 0);
    } finally {
      await app.close();
    }
  });
});

/** Polls `done` every 10 ms for up to 5 s. */
async function waitFor(done: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('not done within 5 s');
}
