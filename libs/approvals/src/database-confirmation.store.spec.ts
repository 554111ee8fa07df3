import { Kysely, Migration, sql } from 'kysely';
import type { McpNewApproval } from '@kobana/mcp';
import { openMigratedTestDatabase } from '../../../test/support/migrated-test.database';
import { ApprovalDatabase } from './approval-host';
import { createApprovals } from './approvals.migration';
import { addApprovalSummary } from './approval-summary.migration';
import { DatabaseConfirmationStore } from './database-confirmation.store';

/** The host tables the approval tables point at: organizations, and the users the pages read. */
const createHostTables: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .execute();
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .execute();
  },
};

describe('DatabaseConfirmationStore', () => {
  let db: Kysely<ApprovalDatabase>;
  let store: DatabaseConfirmationStore;
  const now = new Date();
  const later = new Date(now.getTime() + 60_000);
  const approval = (id: string): McpNewApproval => ({
    id,
    organization_id: 'org',
    subject: 'user',
    client_id: 'client',
    client_name: 'Client',
    tool: 'things_delete',
    args_digest: 'digest',
    arguments: { id: 'thing-1' },
    summary: 'thing "Thing one"',
    created_at: now.toISOString(),
    expires_at: later.toISOString(),
  });

  beforeEach(async () => {
    db = await openMigratedTestDatabase<ApprovalDatabase>({
      '0001_create_host_tables': createHostTables,
      '0300_create_approvals': createApprovals,
      '0500_add_approval_summary': addApprovalSummary,
    });
    await sql`insert into organizations (id) values ('org')`.execute(db);
    store = new DatabaseConfirmationStore(db);
  });
  afterEach(() => db.destroy());

  it('spends a nonce once', async () => {
    expect(await store.spendNonce('n1', later)).toBe(true);
    expect(await store.spendNonce('n1', later)).toBe(false);
  });

  it('keeps one open approval per call, decided and consumed once', async () => {
    const [first, second] = await Promise.all([store.createApproval(approval('a1')), store.createApproval(approval('a2'))]);
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({ status: 'pending', arguments: { id: 'thing-1' }, summary: 'thing "Thing one"' });
    expect(await store.decideApproval(first.id, 'approved', 'user', now)).toMatchObject({ status: 'approved', decided_by: 'user' });
    expect(await store.decideApproval(first.id, 'cancelled', 'user', now)).toBeUndefined();
    expect(await store.consumeApproval(first.id, now)).toBe(true);
    expect(await store.consumeApproval(first.id, now)).toBe(false);
    expect(await store.findOpenApproval(approval('a3'))).toBeUndefined();
  });
});
