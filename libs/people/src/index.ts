/**
 * `@kobana/people`: the one port through which the platform's libraries
 * know people (sign-in, who a session or token stands for, their
 * organization, what they may do), and the records it keeps of them.
 */
export { People } from './people.interface';
export type { Organization, PeopleAction, Person } from './people.interface';
export { PersonRecords } from './person-records.interface';
export { NO_PERSON_RECORDS } from './person-records.provider';
export { InjectPeople, InjectPersonRecords } from './people.decorator';
