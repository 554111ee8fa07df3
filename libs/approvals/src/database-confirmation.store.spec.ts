import { Kysely } from 'kysely';
import type { McpNewApproval } from '@kobana/mcp';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { ApprovalDatabase } from './approval-host.table';
import { createApprovals } from './approvals.migration';
import { addApprovalSummary } from './approval-summary.migration';
import { DatabaseConfirmationStore } from './database-confirmation.store';

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
    // The host tables the approval tables point at: organizations, and the users the pages read.
    db = await openLibraryTestDatabase<ApprovalDatabase>({
      hostTables: { users: { passwords: false } },
      migrations: { '0300_create_approvals': createApprovals, '0500_add_approval_summary': addApprovalSummary },
      organizations: ['org'],
    });
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
