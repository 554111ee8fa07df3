import { Logger } from '@nestjs/common';
import { databaseFault } from './database-transient.error';
import { DatabaseMessages } from './database.messages';

/** The first pause between two attempts; it doubles after each failure. */
export const STARTUP_FIRST_RETRY_MS = 250;
/** The longest pause between two attempts, so a database that comes back is found within seconds. */
export const STARTUP_MAX_RETRY_MS = 5000;

/** What {@link untilDatabaseAnswers} may be given instead of the real clock, in specs. */
export interface StartupClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const REAL_CLOCK: StartupClock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * Runs `attempt` (open and migrate the database) until it succeeds, while it
 * fails with a passing fault (the server is down, restarting, refusing
 * connections: see {@link databaseFault}), pausing 250 ms, then twice as
 * long each time up to 5 s, for `timeoutMs` in all. A replica started with
 * its database (a deploy, a host's reboot) then waits for it instead of
 * exiting, and says so in a line per attempt. Any other error (a wrong
 * password, a failed migration) is thrown at once.
 *
 * @throws Error naming the bound and the last fault once `timeoutMs` has passed.
 */
export async function untilDatabaseAnswers<T>(attempt: () => Promise<T>, timeoutMs: number, clock = REAL_CLOCK, logger = new Logger('Database')): Promise<T> {
  const deadline = clock.now() + timeoutMs;
  for (let pause = STARTUP_FIRST_RETRY_MS; ; pause = Math.min(pause * 2, STARTUP_MAX_RETRY_MS)) {
    try {
      return await attempt();
    } catch (error) {
      const fault = databaseFault(error);
      if (fault === undefined || fault.kind !== 'unavailable') throw error;
      const left = deadline - clock.now();
      if (left <= 0) throw new Error(DatabaseMessages.databaseNeverAnswered(timeoutMs, fault.code), { cause: error });
      const wait = Math.min(pause, left);
      logger.warn(DatabaseMessages.waitingForDatabase(fault.code, wait, left));
      await clock.sleep(wait);
    }
  }
}
