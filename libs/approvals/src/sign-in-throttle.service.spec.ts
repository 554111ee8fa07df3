import { Kysely } from 'kysely';
import { openLibraryTestDatabase } from '../../../test/support/library-test.database';
import { ApprovalFlowSettings, DEFAULT_APPROVAL_FLOW_SETTINGS } from './approval-flow.options';
import { ApprovalDatabase } from './approval-host.table';
import { createApprovals } from './approvals.migration';
import { secureApprovalSignIn } from './approvals-sign-in.migration';
import { SignInThrottle } from './sign-in-throttle.service';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE);

describe('SignInThrottle', () => {
  let db: Kysely<ApprovalDatabase>;
  let throttle: SignInThrottle;
  const settings: ApprovalFlowSettings = { ...DEFAULT_APPROVAL_FLOW_SETTINGS, sessionCookie: 'test_session' };

  beforeEach(async () => {
    db = await openLibraryTestDatabase<ApprovalDatabase>({
      hostTables: { users: { passwords: true } },
      migrations: { '0300_create_approvals': createApprovals, '0500_secure_approval_sign_in': secureApprovalSignIn },
    });
    throttle = new SignInThrottle(db, settings);
  });
  afterEach(() => db.destroy());

  it('blocks an e-mail after 5 failures for 1 minute, then doubles up to 15 minutes; keys are digests', async () => {
    const keys = throttle.keys(' Owner@Demo.test ', '10.0.0.1');
    expect(keys.account).toMatch(/^account:[0-9a-f]{64}$/);
    expect(throttle.keys('owner@demo.test', '10.0.0.2').account).toBe(keys.account);
    for (let i = 0; i < 4; i++) await throttle.failed(keys, at(0));
    expect(await throttle.retryAfter(keys, at(0))).toBe(0);
    await throttle.failed(keys, at(0));
    expect(await throttle.retryAfter(keys, at(0))).toBe(60);
    expect(await throttle.retryAfter(keys, at(1))).toBe(0);
    const blocks = [];
    for (let minute = 1; blocks.length < 5;) {
      await throttle.failed(keys, at(minute));
      const wait = await throttle.retryAfter(keys, at(minute));
      blocks.push(wait / 60);
      minute += wait / 60;
    }
    expect(blocks).toEqual([2, 4, 8, 15, 15]);
  });

  it('a success forgets the e-mail’s failures but not the address’s', async () => {
    const keys = throttle.keys('a@b.test', '10.0.0.1');
    for (let i = 0; i < 4; i++) await throttle.failed(keys, at(0));
    await throttle.succeeded(keys);
    await throttle.failed(keys, at(0));
    expect(await throttle.retryAfter(keys, at(0))).toBe(0);
    const address = await db.selectFrom('sign_in_throttles').select('failures').where('key', '=', keys.address).executeTakeFirstOrThrow();
    expect(Number(address.failures)).toBe(5);
  });

  it('blocks an address after 20 failures across e-mails, for 15 minutes', async () => {
    for (let i = 0; i < 20; i++) await throttle.failed(throttle.keys(`user${i}@b.test`, '10.0.0.9'), at(0));
    expect(await throttle.retryAfter(throttle.keys('someone-new@b.test', '10.0.0.9'), at(0))).toBe(15 * 60);
    expect(await throttle.retryAfter(throttle.keys('someone-new@b.test', '10.0.0.10'), at(0))).toBe(0);
  });

  it('forgets failures after 15 quiet minutes, and prunes them once nothing is blocked', async () => {
    const keys = throttle.keys('a@b.test', '10.0.0.1');
    for (let i = 0; i < 4; i++) await throttle.failed(keys, at(0));
    await throttle.failed(keys, at(16));
    expect(await throttle.retryAfter(keys, at(16))).toBe(0);
    await throttle.prune(at(40));
    expect(await db.selectFrom('sign_in_throttles').selectAll().execute()).toEqual([]);
  });
});
