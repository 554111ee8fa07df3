import { Kysely } from 'kysely';
import type { McpTaskRecord } from '@kobana/mcp';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { createMcpTasks } from './mcp-tasks.migration';
import { DatabaseTaskStore } from './database-task.store';
import { McpTasksDatabase } from './mcp-tasks.table';

describe('DatabaseTaskStore', () => {
  let db: Kysely<McpTasksDatabase>;
  let store: DatabaseTaskStore;
  const now = new Date('2026-07-28T10:00:00.000Z');
  const task = (id: string, expires = '2026-07-28T11:00:00.000Z'): McpTaskRecord => ({
    id,
    organization_id: 'org',
    subject: 'user',
    client_id: 'client',
    tool: 'kadu_tasks_run',
    handle: '{"id":"exe_1"}',
    status: 'working',
    status_message: null,
    outcome: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    expires_at: expires,
  });

  beforeEach(async () => {
    db = await openLibraryTestDatabase<McpTasksDatabase>({ hostTables: {}, migrations: { '0800_create_mcp_tasks': createMcpTasks }, organizations: ['org'] });
    store = new DatabaseTaskStore(db);
  });
  afterEach(() => db.destroy());

  it('reads a created task back as it was written, and nothing once it expired', async () => {
    await store.create(task('t1'));
    expect(await store.find('t1', now)).toEqual(task('t1'));
    expect(await store.find('t1', new Date('2026-07-28T11:00:00.000Z'))).toBeUndefined();
    expect(await store.find('other', now)).toBeUndefined();
  });

  it('records a change while the task is open and refuses one once it is final', async () => {
    await store.create(task('t1'));
    const waiting = { status: 'input_required' as const, status_message: 'Waiting', outcome: '{"q":{}}', updated_at: '2026-07-28T10:01:00.000Z' };
    expect(await store.update('t1', waiting)).toEqual({ ...task('t1'), ...waiting });
    const cancelled = { status: 'cancelled' as const, status_message: null, outcome: null, updated_at: '2026-07-28T10:02:00.000Z' };
    expect(await store.update('t1', cancelled)).toEqual({ ...task('t1'), ...cancelled });
    const late = { status: 'completed' as const, status_message: null, outcome: '{}', updated_at: '2026-07-28T10:03:00.000Z' };
    expect(await store.update('t1', late)).toBeUndefined();
    expect((await store.find('t1', now))?.status).toBe('cancelled');
    expect(await store.update('missing', late)).toBeUndefined();
  });

  it('prunes the expired tasks only, and again finds nothing to prune', async () => {
    await store.create(task('old', '2026-07-28T09:59:59.999Z'));
    await store.create(task('new'));
    expect(await store.prune(now)).toBe(1);
    expect(await store.prune(now)).toBe(0);
    expect(await store.find('new', now)).toBeDefined();
  });
});
