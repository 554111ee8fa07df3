import { Kysely } from 'kysely';
import { openMigratedTestDatabase } from '../../../test/support/migrated-test.database';
import { InMemoryPeople } from '../../../test/support/in-memory-people.test-kit';
import { IdentityPersonRecords } from './identity-person-records.store';
import { createIdentityMigration } from './identity.migration';
import { IdentityService } from './identity.service';
import { IdentityDatabase, OrganizationsTable } from './identity.table';

/** A host whose organizations carry a column of its own. */
interface HostDatabase extends IdentityDatabase {
  organizations: OrganizationsTable & { region: string };
}

const MIGRATIONS = {
  '0001_create_identity': createIdentityMigration({ organizationColumns: (table) => table.addColumn('region', 'text', (c) => c.notNull()) }),
};
const OPTIONS = {
  tokenPrefix: 'host',
  roles: ['lead', 'member'],
  defaultScopes: [],
  generatedEmailDomain: 'host.local',
  apiRealm: 'host-api',
  organizationValues: ({ region = 'north' }: Readonly<Record<string, unknown>>) => ({ region: String(region) }),
};
const ORGANIZATION = { id: 'org-1', slug: 'own-co', name: 'Own Co' };
const PERSON = { id: 'person-1', organization_id: 'org-1', email: 'p@own.test', role: 'member', password: 'the application’s own password' };

describe('IdentityPersonRecords', () => {
  let db: Kysely<HostDatabase>;
  let people: InMemoryPeople;
  let records: IdentityPersonRecords;

  beforeEach(async () => {
    db = await openMigratedTestDatabase<HostDatabase>(MIGRATIONS);
    people = new InMemoryPeople([PERSON], [ORGANIZATION]);
    records = new IdentityPersonRecords(db as unknown as Kysely<IdentityDatabase>, people, OPTIONS);
  });
  afterEach(() => db.destroy());

  const user = () => db.selectFrom('users').select(['organization_id', 'email', 'role', 'password_hash']).where('id', '=', PERSON.id).executeTakeFirst();

  it('writes the person and their organization, with the host’s own columns and no usable password', async () => {
    await records.record((await people.findPerson(PERSON.id))!);
    expect(await user()).toEqual({ organization_id: 'org-1', email: 'p@own.test', role: 'member', password_hash: null });
    expect(await db.selectFrom('organizations').select(['id', 'slug', 'name', 'region']).execute()).toEqual([{ ...ORGANIZATION, region: 'north' }]);
    // Identity's password check never accepts a record, whatever the person's password is.
    expect(await new IdentityService(db, OPTIONS).verifyPassword(PERSON.email, PERSON.password)).toBeNull();
  });

  it('refreshes the record from the port, and takes away a password set on it meanwhile', async () => {
    await records.record((await people.findPerson(PERSON.id))!);
    const { created_at } = await db.selectFrom('users').select('created_at').where('id', '=', PERSON.id).executeTakeFirstOrThrow();
    await db.updateTable('users').set({ password_hash: 'scrypt$set$by$hand' }).where('id', '=', PERSON.id).execute();
    people.setRole(PERSON.id, 'lead');
    await records.record((await people.findPerson(PERSON.id))!);
    expect(await user()).toEqual({ organization_id: 'org-1', email: 'p@own.test', role: 'lead', password_hash: null });
    expect((await db.selectFrom('users').select('created_at').where('id', '=', PERSON.id).executeTakeFirstOrThrow()).created_at).toBe(created_at);
  });

  it('refuses a person whose organization the port does not know', async () => {
    await expect(records.record({ ...PERSON, organization_id: 'org-unknown' })).rejects.toThrow(/organization org-unknown/);
    expect(await user()).toBeUndefined();
  });
});
