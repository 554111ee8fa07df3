import { Kysely } from 'kysely';
import { openTestDatabase } from '../../test/support/test-database';
import { KaduDatabase } from '../database/kadu-database.interface';
import { IdentityService } from '@kobana/identity';
import { KADU_IDENTITY_OPTIONS } from '../identity/kadu-identity.options';
import { DEMO_OWNER_EMAIL, DEMO_TOKEN_CLIENT } from './demo.constants';
import { seedDemo } from './demo.seeder';

describe('seedDemo', () => {
  let db: Kysely<KaduDatabase>;
  let identity: IdentityService;

  beforeEach(async () => {
    db = await openTestDatabase();
    identity = new IdentityService(db, KADU_IDENTITY_OPTIONS);
  });
  afterEach(() => db.destroy());

  it('creates the demo owner once, printing the password only then, and mints a working token every time', async () => {
    const first = await seedDemo(identity);
    expect(first).toMatchObject({ organizationSlug: 'demo', ownerEmail: DEMO_OWNER_EMAIL });
    expect(first.ownerPassword).toEqual(expect.any(String));
    await expect(identity.verifyPassword(DEMO_OWNER_EMAIL, first.ownerPassword!)).resolves.toMatchObject({ role: 'owner' });
    await expect(identity.verify(first.token, 'mcp')).resolves.toMatchObject({
      roles: ['owner'],
      client_id: DEMO_TOKEN_CLIENT.id,
      client_name: DEMO_TOKEN_CLIENT.name,
    });
    expect(Date.parse(first.tokenExpiresAt!)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const second = await seedDemo(identity);
    expect(second.ownerPassword).toBeNull();
    expect(second.token).not.toBe(first.token);
    // The earlier token and password keep working after a restart.
    await expect(identity.verify(first.token, 'mcp')).resolves.not.toBeNull();
    await expect(identity.verifyPassword(DEMO_OWNER_EMAIL, first.ownerPassword!)).resolves.not.toBeNull();
  });
});
