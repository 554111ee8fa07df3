import type { Kysely } from 'kysely';
import { createApprovals, secureApprovalSignIn } from '@kobana/approvals';
import { openLibraryTestDatabase } from '../../../../test/support/library-test.database';
import type { OAuthHostDatabase } from '../oauth-host.table';
import { resolveOAuthServerSettings } from '../oauth-server.options';
import { RegistrationThrottle } from './registration-throttle.service';

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
const settings = resolveOAuthServerSettings({ issuer: 'https://as.example', resource: 'https://as.example/mcp', scopes: [], personalTokenPrefix: 'x_' });

describe('RegistrationThrottle', () => {
  let db: Kysely<OAuthHostDatabase>;
  beforeEach(async () => {
    db = await openLibraryTestDatabase<OAuthHostDatabase>({
      hostTables: { users: { passwords: true } },
      migrations: { '0300_create_approvals': createApprovals, '0500_secure_approval_sign_in': secureApprovalSignIn },
    });
  });
  afterEach(() => db.destroy());

  it('shares one budget between two replicas on one database: 10 a minute per address in all, not 10 each', async () => {
    const [first, second] = [new RegistrationThrottle(db, settings), new RegistrationThrottle(db, settings)];
    const waits = [];
    for (let n = 0; n < 10; n++) waits.push(await (n % 2 ? first : second).take('10.0.0.1', at(n)));
    expect(waits).toEqual(Array(10).fill(0));
    expect(await first.take('10.0.0.1', at(10))).toBe(50);
    expect(await second.take('10.0.0.1', at(10))).toBe(50);
    // Another address has its own budget.
    expect(await second.take('10.0.0.2', at(10))).toBe(0);
  });

  it('counts in fixed windows: attempts refused late in a window do not extend it', async () => {
    const throttle = new RegistrationThrottle(db, settings);
    for (let n = 0; n < 10; n++) expect(await throttle.take('10.0.0.1', at(0))).toBe(0);
    expect(await throttle.take('10.0.0.1', at(59))).toBe(1);
    expect(await throttle.take('10.0.0.1', at(60.5))).toBe(0);
  });

  it('counts concurrent attempts exactly', async () => {
    const throttle = new RegistrationThrottle(db, settings);
    const waits = await Promise.all(Array.from({ length: 15 }, () => throttle.take('10.0.0.1', at(0))));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
  });
});
