/** What the workers' loops and their registry say to the log. */
export const WorkerHealthMessages = {
  /** A second worker under a name already registered: two loops would report as one. */
  duplicateWorker: (name: string) => `A worker named "${name}" is registered already`,
  /** A failed poll, after the worker's own words: how many in a row, and when it tries again. */
  pollRetry: (failed: string, failures: number, delayMs: number) => `${failed} (${failures} in a row; next attempt in ${delayMs} ms)`,
  /** The first successful poll after failures. */
  pollRecovered: (name: string, failures: number) => `Worker ${name} polls again after ${failures} failed attempt(s)`,
} as const;
