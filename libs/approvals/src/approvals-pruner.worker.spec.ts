import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely, sql } from 'kysely';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { DEFAULT_APPROVAL_FLOW_SETTINGS } from './approval-flow.options';
import { ApprovalDatabase } from './approval-host.table';
import { ApprovalKeys } from './approval-keys.factory';
import { ApprovalSessionsService } from './approval-sessions.service';
import { APPROVAL_RETENTION_MS, ApprovalsPruner, pruneInterval } from './approvals-pruner.worker';
import { createApprovals } from './approvals.migration';
import { secureApprovalSignIn } from './approvals-sign-in.migration';
import { SignInThrottle } from './sign-in-throttle.service';
import { InMemoryPeople } from '../../../test/support/in-memory-people.test-kit';

const HOUR = 3_600_000;
const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const iso = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

describe('ApprovalsPruner', () => {
  let db: Kysely<ApprovalDatabase>;
  const settings = { ...DEFAULT_APPROVAL_FLOW_SETTINGS, sessionCookie: 'test_session' };
  const pruner = (interval?: string) =>
    new ApprovalsPruner(
      db,
      new ApprovalSessionsService(db, new ApprovalKeys({ get: () => 'secret' }), settings, new InMemoryPeople([], [])),
      new SignInThrottle(db, settings),
      new ConfigService(interval === undefined ? {} : { APPROVALS_PRUNE_INTERVAL_MS: interval }),
    );

  beforeEach(async () => {
    db = await openLibraryTestDatabase<ApprovalDatabase>({
      hostTables: { users: { passwords: true } },
      migrations: { '0300_create_approvals': createApprovals, '0500_secure_approval_sign_in': secureApprovalSignIn },
      organizations: ['org'],
      users: [{ id: 'u', organization_id: 'org', email: 'u@org.test', role: 'owner' }],
    });
  });
  afterEach(() => db.destroy());

  const approval = (id: string, expiresAt: string) => ({
    id,
    organization_id: 'org',
    subject: 'u',
    client_id: 'c',
    client_name: 'C',
    tool: 't',
    args_digest: id,
    arguments: '{}',
    status: 'pending' as const,
    created_at: iso(-48 * HOUR),
    expires_at: expiresAt,
  });
  const session = (id: string, expiresAt: string) => ({
    id_hash: id,
    user_id: 'u',
    organization_id: 'org',
    csrf_token: 'x',
    created_at: iso(-9 * HOUR),
    expires_at: expiresAt,
    password_stamp: 'none',
  });
  const ids = async (table: 'mcp_approvals' | 'mcp_confirmation_nonces' | 'approval_sessions', column: string) =>
    (await sql<{ id: string }>`select ${sql.ref(column)} as id from ${sql.table(table)} order by 1`.execute(db)).rows.map((row) => row.id);

  it('deletes approvals a day past expiry, expired nonces, sessions and counters; keeps the rest', async () => {
    await db
      .insertInto('mcp_approvals')
      .values([approval('old', iso(-APPROVAL_RETENTION_MS - 1)), approval('recent', iso(-HOUR)), approval('open', iso(HOUR))])
      .execute();
    await db
      .insertInto('mcp_confirmation_nonces')
      .values([
        { nonce: 'spent', expires_at: iso(-1) },
        { nonce: 'live', expires_at: iso(HOUR) },
      ])
      .execute();
    await db
      .insertInto('approval_sessions')
      .values([session('ended', iso(-1)), session('live', iso(HOUR))])
      .execute();
    await db
      .insertInto('sign_in_throttles')
      .values([
        { key: 'account:old', failures: 3, window_ends_at: iso(-1), blocked_until: null },
        { key: 'account:blocked', failures: 9, window_ends_at: iso(-1), blocked_until: iso(HOUR) },
      ])
      .execute();

    expect(await pruner().prune(NOW)).toEqual({ approvals: 1, nonces: 1 });
    expect(await ids('mcp_approvals', 'id')).toEqual(['open', 'recent']);
    expect(await ids('mcp_confirmation_nonces', 'nonce')).toEqual(['live']);
    expect(await ids('approval_sessions', 'id_hash')).toEqual(['live']);
    expect((await db.selectFrom('sign_in_throttles').select('key').execute()).map((row) => row.key)).toEqual(['account:blocked']);
  });

  it('sweeps at start-up, then on an unref’d timer of the configured interval, stopped at shutdown', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const sweeper = pruner('1000');
      const prune = jest.spyOn(sweeper, 'prune').mockResolvedValue({ approvals: 0, nonces: 0 });
      await sweeper.onApplicationBootstrap();
      expect(prune).toHaveBeenCalledTimes(1);
      // Start-up does not wait for the first sweep; the next is planned once it ends.
      await jest.advanceTimersByTimeAsync(0);
      expect(jest.getTimerCount()).toBe(1);
      await jest.advanceTimersByTimeAsync(2500);
      expect(prune).toHaveBeenCalledTimes(3);
      await sweeper.beforeApplicationShutdown();
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads the interval: default 10 minutes, 0 for start-up only, refuses nonsense', () => {
    expect(pruneInterval(undefined)).toBe(600_000);
    expect(pruneInterval('0')).toBe(0);
    expect(() => pruneInterval('-5')).toThrow('APPROVALS_PRUNE_INTERVAL_MS');
    expect(() => pruneInterval('soon')).toThrow('APPROVALS_PRUNE_INTERVAL_MS');
  });

  it('a failed sweep is logged, never thrown', async () => {
    const sweeper = pruner('0');
    jest.spyOn(sweeper, 'prune').mockRejectedValue(new Error('database away'));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await expect(sweeper.onApplicationBootstrap()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Pruning expired approvals failed: database away'));
    await sweeper.beforeApplicationShutdown();
    warn.mockRestore();
  });
});
