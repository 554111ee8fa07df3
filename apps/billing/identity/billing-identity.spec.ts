import { Kysely } from 'kysely';
import { IdentityService } from '@kobana/identity';
import { BillingDatabase } from '../database/billing-database.interface';
import { openBillingDatabase } from '../database/billing-database.factory';
import { hostMigrations as allMigrations } from '@kobana/platform';
import { BILLING_MIGRATIONS as OWN_BILLING_MIGRATIONS } from '../database/migrations';
import { rolesWith } from './billing-permission.policy';
import { hostIdentityOptions } from '@kobana/platform';
import { BILLING } from '../billing.host';

/** Every migration the host runs, the libraries' included, in name order. */
const BILLING_MIGRATIONS = allMigrations({ migrations: OWN_BILLING_MIGRATIONS });

const BILLING_IDENTITY_OPTIONS = hostIdentityOptions(BILLING);

describe('IdentityService, as Billing configures it', () => {
  let db: Kysely<BillingDatabase>;
  let identity: IdentityService;

  beforeEach(async () => {
    const opened = await openBillingDatabase('sqlite::memory:');
    expect(opened.applied).toEqual(Object.keys(BILLING_MIGRATIONS));
    db = opened.db;
    identity = new IdentityService(db, BILLING_IDENTITY_OPTIONS);
  });
  afterEach(() => db.destroy());

  it('mints kbill_ tokens good for their audience only, with the person’s role', async () => {
    const { token } = await identity.createToken({ organization: 'acme', role: 'financial', audience: 'api', clientId: 'erp', clientName: 'ERP' });
    expect(token).toMatch(/^kbill_api_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
    await expect(identity.verify(token, 'api')).resolves.toEqual({
      subject: expect.any(String),
      organization_id: (await identity.ensureOrganization('acme')).id,
      client_id: 'erp',
      client_name: 'ERP',
      scopes: ['billing:read', 'billing:write'],
      roles: ['financial'],
    });
    await expect(identity.verify(token, 'mcp')).resolves.toBeNull();
    await expect(
      identity.verify(
        token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        'api',
      ),
    ).resolves.toBeNull();
    // A Kadu token is not a Billing token, whatever its secret.
    await expect(identity.verify(token.replace(/^kbill_/, 'kadu_'), 'api')).resolves.toBeNull();
  });

  it('refuses an expired or revoked token', async () => {
    const {
      token,
      record: { id },
    } = await identity.createToken({ organization: 'acme', role: 'viewer', expiresInDays: 1 });
    await expect(identity.verify(token, 'mcp')).resolves.not.toBeNull();
    await db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    await expect(identity.verify(token, 'mcp')).resolves.toBeNull();
    const other = await identity.createToken({ organization: 'acme', role: 'viewer' });
    await db.updateTable('access_tokens').set({ revoked_at: new Date().toISOString() }).where('id', '=', other.record.id).execute();
    await expect(identity.verify(other.token, 'mcp')).resolves.toBeNull();
  });

  it('maps panel permissions to roles', () => {
    expect(rolesWith('invoices.read')).toEqual(['owner', 'admin', 'financial', 'viewer']);
    expect(rolesWith('nfes.issue')).toEqual(['owner', 'admin', 'financial']);
    expect(rolesWith('nfes.cancel')).toEqual(['owner', 'admin']);
  });
});
