import { Kysely } from 'kysely';
import { openMigratedTestDatabase } from '../../../test/support/migrated-test.database';
import { IdentityPeople } from './identity-people.provider';
import { createIdentityMigration } from './identity.migration';
import { IdentityOptions } from './identity.options';
import { IdentityService } from './identity.service';
import { IdentityDatabase } from './identity.table';

const OPTIONS: IdentityOptions = {
  tokenPrefix: 'host',
  roles: ['owner', 'admin', 'clerk'],
  defaultScopes: ['host:read'],
  generatedEmailDomain: 'host.local',
  apiRealm: 'host-api',
};
const PASSWORD = 'a long enough password';

describe('IdentityPeople', () => {
  let db: Kysely<IdentityDatabase>;
  let identity: IdentityService;

  beforeEach(async () => {
    db = await openMigratedTestDatabase<IdentityDatabase>({ '0001_create_identity': createIdentityMigration() });
    identity = new IdentityService(db, OPTIONS);
  });
  afterEach(() => db.destroy());

  async function person(role: string) {
    const organization = await identity.ensureOrganization('acme', { name: 'Acme' });
    const user = await identity.ensureUser(organization, role);
    await identity.setPassword(user.id, PASSWORD);
    return { organization, user };
  }

  it('signs people in with identity’s password check', async () => {
    const people = new IdentityPeople(db, OPTIONS, identity);
    const { organization, user } = await person('clerk');
    expect(await people.checkSignIn('CLERK@acme.host.local', PASSWORD)).toEqual({
      id: user.id,
      organization_id: organization.id,
      email: 'clerk@acme.host.local',
      role: 'clerk',
    });
    expect(await people.checkSignIn('clerk@acme.host.local', 'a wrong password here')).toBeNull();
    expect(await people.checkSignIn('nobody@acme.host.local', PASSWORD)).toBeNull();
  });

  it('finds people and organizations by id, and nothing once gone', async () => {
    const people = new IdentityPeople(db, OPTIONS, identity);
    const { organization, user } = await person('clerk');
    expect(await people.findPerson(user.id)).toEqual({ id: user.id, organization_id: organization.id, email: user.email, role: 'clerk' });
    expect(await people.findOrganization(organization.id)).toEqual({ id: organization.id, slug: 'acme', name: 'Acme' });
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await people.findPerson(user.id)).toBeNull();
    expect(await people.findOrganization('no-such-organization')).toBeNull();
  });

  it('stamps sessions with a digest of the password hash, which a new password changes', async () => {
    const people = new IdentityPeople(db, OPTIONS, identity);
    const { user } = await person('clerk');
    const found = (await people.findPerson(user.id))!;
    const first = await people.sessionStamp(found);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const { password_hash } = await db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(first).not.toContain(password_hash!);
    expect(await people.sessionStamp(found)).toBe(first);
    await identity.setPassword(user.id, 'another long password');
    expect(await people.sessionStamp(found)).not.toBe(first);
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
    expect(await people.sessionStamp(found)).toBe('none');
  });

  it('lets owners and admins decide and read the audit page by default, and the host change either', async () => {
    const clerk = { id: 'c', organization_id: 'o', email: 'c@o.test', role: 'clerk' };
    const admin = { ...clerk, role: 'admin' };
    const defaults = new IdentityPeople(db, OPTIONS, identity);
    expect(await defaults.may(admin, 'approvals.decide')).toBe(true);
    expect(await defaults.may(admin, 'audit.read')).toBe(true);
    expect(await defaults.may(clerk, 'approvals.decide')).toBe(false);
    expect(await defaults.may(clerk, 'audit.read')).toBe(false);
    const clerksRead = new IdentityPeople(db, { ...OPTIONS, permissions: { 'audit.read': ['clerk'] } }, identity);
    expect(await clerksRead.may(clerk, 'audit.read')).toBe(true);
    expect(await clerksRead.may(admin, 'audit.read')).toBe(false);
    expect(await clerksRead.may(admin, 'approvals.decide')).toBe(true);
  });
});
