import type { Person } from './people.interface';

/**
 * Keeps the platform's record of a person its {@link People} confirmed: a
 * row of `users` (and of their organization in `organizations`), which the
 * tables of the OAuth records, approvals and audit events point at. Called
 * at sign-in, at consent and at each token exchange or refresh. When the
 * people are identity's own, the rows are the people themselves and nothing
 * is written (`NO_PERSON_RECORDS`).
 */
export interface PersonRecords {
  /** Writes or refreshes the record of `person` and their organization. */
  record(person: Person): Promise<void>;
}

/** Injection token of the {@link PersonRecords} (same name, as Nest's own modules do). */
export const PersonRecords = Symbol('PersonRecords');
