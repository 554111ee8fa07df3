import { Kysely } from 'kysely';
import { openMigratedTestDatabase } from '../../../test/support/migrated-test.database';
import { IdentityError } from './identity.error';
import { createIdentityMigration } from './identity.migration';
import { IdentityOptions } from './identity.options';
import { IdentityService } from './identity.service';
import { IdentityDatabase, OrganizationsTable } from './identity.table';

/** A host whose organizations carry a region, checked on creation. */
interface HostDatabase extends IdentityDatabase {
  organizations: OrganizationsTable & { region: string };
}

const OPTIONS: IdentityOptions = {
  tokenPrefix: 'host',
  roles: ['chief', 'clerk'],
  defaultScopes: ['host:read'],
  generatedEmailDomain: 'host.local',
  apiRealm: 'host-api',
  organizationValues: ({ region = 'north' }) => {
    if (region !== 'north' && region !== 'south') throw new IdentityError(`Unknown region "${String(region)}"`);
    return { region };
  },
};

const MIGRATIONS = {
  '0001_create_identity': createIdentityMigration({ organizationColumns: (table) => table.addColumn('region', 'text', (c) => c.notNull()) }),
};

describe('IdentityService', () => {
  let db: Kysely<HostDatabase>;
  let identity: IdentityService<HostDatabase>;

  beforeEach(async () => {
    db = await openMigratedTestDatabase<HostDatabase>(MIGRATIONS);
    identity = new IdentityService(db, OPTIONS);
  });
  afterEach(() => db.destroy());

  it('creates organizations with the host’s own columns, checked by the host', async () => {
    expect(await identity.ensureOrganization('acme', { name: 'Acme', region: 'south' })).toMatchObject({ slug: 'acme', name: 'Acme', region: 'south' });
    expect(await identity.ensureOrganization('other')).toMatchObject({ region: 'north' });
    await expect(identity.ensureOrganization('third', { region: 'west' })).rejects.toThrow(/Unknown region "west"/);
  });

  it('mints tokens with the host’s prefix, roles, scopes and e-mail domain', async () => {
    const { token, record } = await identity.createToken({ organization: 'acme', role: 'clerk' });
    expect(token).toMatch(/^host_mcp_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
    expect(record.scopes).toEqual(['host:read']);
    expect(await identity.findUserByEmail('clerk@acme.host.local')).toMatchObject({ role: 'clerk' });
    expect(await identity.verify(token, 'mcp')).toMatchObject({ roles: ['clerk'], scopes: ['host:read'] });
    // Another host's token of the same layout is not this host's.
    expect(await identity.verify(token.replace(/^host_/, 'kadu_'), 'mcp')).toBeNull();
    await expect(identity.createToken({ organization: 'acme', role: 'owner' })).rejects.toThrow('Unknown role "owner": use chief, clerk');
  });

  it('sets a password only when none is set, if asked', async () => {
    const user = await identity.ensureUser(await identity.ensureOrganization('acme'), 'chief');
    expect(await identity.setPassword(user.id, 'the first long password', { onlyIfUnset: true })).toBe(true);
    expect(await identity.setPassword(user.id, 'the second long password', { onlyIfUnset: true })).toBe(false);
    expect(await identity.verifyPassword(user.email, 'the first long password')).toEqual(user);
    expect(await identity.setPassword(user.id, 'the second long password')).toBe(true);
    expect(await identity.verifyPassword(user.email, 'the second long password')).toEqual(user);
  });

  it('answers a malformed e-mail at sign-in as a wrong one', async () => {
    await expect(identity.verifyPassword('not an e-mail', 'some long password')).resolves.toBeNull();
  });

  it("makes each personal token a client of its own, so approvals given to one are not another's", async () => {
    const first = await identity.createToken({ organization: 'acme', role: 'clerk' });
    const second = await identity.createToken({ organization: 'acme', role: 'clerk' });
    expect(first.record.client_id).toBe(`pat_${first.record.id}`);
    expect(second.record.client_id).toBe(`pat_${second.record.id}`);
    expect((await identity.verify(first.token, 'mcp'))?.client_id).not.toBe((await identity.verify(second.token, 'mcp'))?.client_id);
    expect((await identity.verify(first.token, 'mcp'))?.subject).toBe((await identity.verify(second.token, 'mcp'))?.subject);
  });

  it('lists the tokens of an organization (or of one user), newest first, with a hint and never the secret', async () => {
    const clerk = await identity.createToken({ organization: 'acme', role: 'clerk' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const chief = await identity.createToken({ organization: 'acme', role: 'chief', audience: 'api', clientId: 'erp', clientName: 'ERP' });
    await identity.createToken({ organization: 'other', role: 'chief' });

    const listed = await identity.listTokens({ organization: 'acme' });
    expect(listed.map((token) => token.id)).toEqual([chief.record.id, clerk.record.id]);
    expect(listed[0]).toEqual({
      ...chief.record,
      user_email: 'chief@acme.host.local',
      hint: `host_api_${chief.record.id.slice(0, 8)}…`,
    });
    expect(JSON.stringify(listed)).not.toContain(chief.token.split('_').pop());
    expect((await identity.listTokens({ organization: 'acme', email: 'CLERK@acme.host.local' })).map((token) => token.id)).toEqual([clerk.record.id]);
    await expect(identity.listTokens({ organization: 'nope' })).rejects.toThrow('No organization has the slug nope');
    await expect(identity.listTokens({ organization: 'other', email: 'clerk@acme.host.local' })).rejects.toThrow(
      'No user of other has the e-mail clerk@acme.host.local',
    );
  });

  it('revokes a token only within the organization named, once', async () => {
    const { token, record } = await identity.createToken({ organization: 'acme', role: 'clerk' });
    await identity.ensureOrganization('other');
    expect(await identity.revokeToken(record.id, { organization: 'other' })).toBe(false);
    expect(await identity.verify(token, 'mcp')).not.toBeNull();
    expect(await identity.revokeToken(record.id, { organization: 'acme' })).toBe(true);
    expect(await identity.revokeToken(record.id, { organization: 'acme' })).toBe(false);
    expect(await identity.verify(token, 'mcp')).toBeNull();
    expect((await identity.findToken(record.id))?.revoked_at).toEqual(expect.any(String));
  });
});
