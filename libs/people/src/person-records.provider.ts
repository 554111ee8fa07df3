import type { PersonRecords } from './person-records.interface';

/** The records of people whose rows already are the records (identity's own people): nothing to write. */
export const NO_PERSON_RECORDS: PersonRecords = { record: async () => {} };
