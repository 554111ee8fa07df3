import type { ModuleMetadata, Provider, Type } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { IdentityPeople, IdentityPersonRecords } from '@kobana/identity';
import type { IdentityDatabase } from '@kobana/identity';
import { NO_PERSON_RECORDS, People, PersonRecords } from '@kobana/people';
import { HOST_DATABASE } from '../host.constants';
import type { HostDescriptor, HostFactory } from '../host-descriptor.interface';

/** A host's own people: a class Nest builds, or a factory of other providers. */
export type HostPeople = Type<People> | HostFactory<People>;

/** What `HostServicesModule` adds for a host's people: the modules its factory needs, and the two providers. */
export interface HostPeopleProviders {
  imports: NonNullable<ModuleMetadata['imports']>;
  providers: Provider[];
}

/**
 * `People` and `PersonRecords` for `host`. By default identity's own people,
 * whose rows are their records (nothing written). With `host.people`, the
 * host's, and records of them in identity's tables, written each time the
 * platform confirms a person (see `IdentityPersonRecords`).
 */
export function hostPeopleProviders(host: Pick<HostDescriptor, 'people' | 'identity'>): HostPeopleProviders {
  const own = host.people;
  if (!own) {
    return {
      imports: [],
      providers: [
        { provide: People, useExisting: IdentityPeople },
        { provide: PersonRecords, useValue: NO_PERSON_RECORDS },
      ],
    };
  }
  const people: Provider =
    typeof own === 'function' ? { provide: People, useClass: own } : { provide: People, inject: own.inject ?? [], useFactory: own.useFactory };
  return {
    imports: typeof own === 'function' ? [] : (own.imports ?? []),
    providers: [
      people,
      {
        provide: PersonRecords,
        inject: [HOST_DATABASE, People],
        useFactory: (db: Kysely<IdentityDatabase>, given: People) => new IdentityPersonRecords(db, given, host.identity),
      },
    ],
  };
}
