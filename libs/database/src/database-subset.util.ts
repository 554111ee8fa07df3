import type { Kysely } from 'kysely';

/**
 * A host's database seen through the table subset a library declares (its
 * `…Database` interface), as a library's constructor receives it.
 *
 * `Host extends Subset` is the check that matters: every table the library
 * queries exists in the host with compatible columns. Kysely's types are
 * invariant in the database type, so even a true superset needs the cast
 * below; this is the one place that makes it.
 */
export function narrowDatabase<Subset, Host extends Subset>(db: Kysely<Host>): Kysely<Subset> {
  return db as unknown as Kysely<Subset>;
}
