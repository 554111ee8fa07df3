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

  it('gives a stale record’s e-mail and slug up to the person and organization the application now gives them to', async () => {
    await records.record((await people.findPerson(PERSON.id))!);
    // The application passes the e-mail on, and gives the slug to a new organization (the first one renamed).
    const next = { id: 'person-2', organization_id: 'org-2', email: PERSON.email, role: 'lead', password: 'another password of the application' };
    const renamed = new InMemoryPeople([next], [{ id: 'org-2', slug: ORGANIZATION.slug, name: 'Next Co' }]);
    await new IdentityPersonRecords(db as unknown as Kysely<IdentityDatabase>, renamed, OPTIONS).record((await renamed.findPerson(next.id))!);

    const rows = await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'person-1', email: 'person-1@superseded.invalid' },
      { id: 'person-2', email: PERSON.email },
    ]);
    const organizations = await db.selectFrom('organizations').select(['id', 'slug']).orderBy('id').execute();
    expect(organizations).toEqual([
      { id: 'org-1', slug: 'superseded-org-1' },
      { id: 'org-2', slug: ORGANIZATION.slug },
    ]);

    // Confirmed again with what is theirs now, the first records take it back; the others keep theirs.
    people.setEmail(PERSON.id, 'p.new@own.test');
    await records.record((await people.findPerson(PERSON.id))!);
    expect((await user())?.email).toBe('p.new@own.test');
    expect((await db.selectFrom('users').select('email').where('id', '=', 'person-2').executeTakeFirstOrThrow()).email).toBe(PERSON.email);
  });

  it('refuses a person whose organization the port does not know', async () => {
    await expect(records.record({ ...PERSON, organization_id: 'org-unknown' })).rejects.toThrow(/organization org-unknown/);
    expect(await user()).toBeUndefined();
  });
});
