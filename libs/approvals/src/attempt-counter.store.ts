import type { Kysely } from 'kysely';
import type { SignInThrottlesTable } from './approval.table';

/** The database an {@link countAttempt} counts in: any host database with `sign_in_throttles`. */
export interface AttemptCounterDatabase {
  sign_in_throttles: SignInThrottlesTable;
}

/**
 * How a key's window moves: `sliding`, each attempt pushes its end
 * `windowMs` further (a quiet time forgets the attempts: failed sign-ins);
 * `fixed`, it ends `windowMs` after the attempt that opened it (a rate:
 * registrations per minute).
 */
export type AttemptWindow = 'sliding' | 'fixed';

/** The count of a key after one more attempt, and when its window ends (ISO-8601). */
export interface CountedAttempts {
  count: number;
  windowEndsAt: string;
}

/**
 * Counts one attempt against `key` in `sign_in_throttles`, in one atomic
 * upsert, so attempts on every replica of a host count together (the
 * database is what they all share; Billing has no Redis). A window that
 * ended starts again at 1. The throttles of sign-in and of client
 * registration both count here, under their own key prefixes.
 */
export async function countAttempt(
  db: Kysely<AttemptCounterDatabase>,
  key: string,
  windowMs: number,
  now: Date,
  window: AttemptWindow,
): Promise<CountedAttempts> {
  const at = now.toISOString();
  const windowEnds = new Date(now.getTime() + windowMs).toISOString();
  const row = await db
    .insertInto('sign_in_throttles')
    .values({ key, failures: 1, window_ends_at: windowEnds, blocked_until: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const ended = eb('sign_in_throttles.window_ends_at', '<', at);
        return {
          failures: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('sign_in_throttles.failures', '+', 1))
            .end(),
          window_ends_at: window === 'sliding' ? windowEnds : eb.case().when(ended).then(windowEnds).else(eb.ref('sign_in_throttles.window_ends_at')).end(),
        };
      }),
    )
    .returning(['failures', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.failures), windowEndsAt: row.window_ends_at };
}
