import { Kysely } from 'kysely';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { IdentityService } from '@kobana/identity';
import { DEMO_OWNER_EMAIL, DEMO_TOKEN_CLIENT } from './demo.constants';
import { seedDemo } from './demo-seed.bootstrap';
import { hostIdentityOptions } from '@kobana/platform';
import { KADU } from '../kadu.host';

const KADU_IDENTITY_OPTIONS = hostIdentityOptions(KADU);

describe('seedDemo', () => {
  let db: Kysely<KaduDatabase>;
  let identity: IdentityService;

  beforeEach(async () => {
    db = await openTestDatabase();
    identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
  });
  afterEach(() => db.destroy());

  it('creates the demo owner once, printing the password only then, and mints a working token every time, revoking the earlier one', async () => {
    const first = await seedDemo(identity);
    expect(first).toMatchObject({ organizationSlug: 'demo', ownerEmail: DEMO_OWNER_EMAIL });
    expect(first.ownerPassword).toEqual(expect.any(String));
    await expect(identity.verifyPassword(DEMO_OWNER_EMAIL, first.ownerPassword!)).resolves.toMatchObject({ role: 'owner' });
    await expect(identity.verify(first.token!, 'mcp')).resolves.toMatchObject({
      roles: ['owner'],
      client_id: DEMO_TOKEN_CLIENT.id,
      client_name: DEMO_TOKEN_CLIENT.name,
    });
    expect(Date.parse(first.tokenExpiresAt!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const second = await seedDemo(identity);
    expect(second.ownerPassword).toBeNull();
    expect(second.token).not.toBe(first.token);
    // A restart leaves one demo token working, the new one; the password stays.
    await expect(identity.verify(first.token!, 'mcp')).resolves.toBeNull();
    await expect(identity.verify(second.token!, 'mcp')).resolves.not.toBeNull();
    await expect(identity.verifyPassword(DEMO_OWNER_EMAIL, first.ownerPassword!)).resolves.not.toBeNull();
    const live = (await identity.listTokens({ organization: 'demo' })).filter((token) => token.revoked_at === null);
    expect(live).toHaveLength(1);
  });

  it('without credentials (production) creates the owner without a password, mints nothing and revokes earlier demo tokens', async () => {
    const development = await seedDemo(identity);
    const production = await seedDemo(identity, { credentials: false });
    expect(production).toMatchObject({ organizationSlug: 'demo', ownerEmail: DEMO_OWNER_EMAIL, ownerPassword: null, token: null });
    await expect(identity.verify(development.token!, 'mcp')).resolves.toBeNull();
    expect((await identity.listTokens({ organization: 'demo' })).filter((token) => token.revoked_at === null)).toEqual([]);
  });

  it('without credentials on a fresh database leaves the owner with no password', async () => {
    await seedDemo(identity, { credentials: false });
    const owner = await db.selectFrom('users').select('password_hash').where('email', '=', DEMO_OWNER_EMAIL).executeTakeFirstOrThrow();
    expect(owner.password_hash).toBeNull();
  });
});
