import type { Migration } from 'kysely';
import type { HostDescriptor } from '../host-descriptor.interface';
import { hostMigrations, IDENTITY_MIGRATION_NAME, PLATFORM_MIGRATIONS } from './host.migration';

const OWN: Migration = { up: async () => undefined };
/** Never built here: only whether the descriptor names people counts. */
const PEOPLE: HostDescriptor['people'] = { useFactory: () => ({}) as never };

describe('hostMigrations', () => {
  it('merges the libraries’ migrations and the host’s, in name order', () => {
    const names = Object.keys(hostMigrations({ migrations: { '0001_create_identity': OWN, '0101_create_ledger': OWN } }));
    expect(names).toEqual([...Object.keys(PLATFORM_MIGRATIONS), '0001_create_identity', '0101_create_ledger'].sort());
  });

  it('adds identity’s tables for a host with people of its own, unless it lists its own version of them', () => {
    const added = hostMigrations({ people: PEOPLE });
    expect(Object.keys(added)).toEqual([IDENTITY_MIGRATION_NAME, ...Object.keys(PLATFORM_MIGRATIONS)].sort());
    expect(added[IDENTITY_MIGRATION_NAME]).not.toBe(OWN);
    expect(hostMigrations({ people: PEOPLE, migrations: { [IDENTITY_MIGRATION_NAME]: OWN } })[IDENTITY_MIGRATION_NAME]).toBe(OWN);
    // A host whose people are identity's lists the tables itself (under the name its databases recorded).
    expect(IDENTITY_MIGRATION_NAME in hostMigrations({ migrations: {} })).toBe(false);
  });

  it('refuses a host migration under a library’s name', () => {
    expect(() => hostMigrations({ migrations: { '0600_create_oauth': OWN } })).toThrow(
      'Migration "0600_create_oauth" is both the host\'s and a library\'s: a released name belongs to one of them',
    );
  });
});
