/** Every message of the probes, in one place. */
export const HealthMessages = {
  ok: () => 'ok',
  failed: () => 'failed',
  draining: () => 'draining for shutdown',
  timedOut: (ms: number) => `no answer within ${ms} ms`,
  workerStale: (sinceMs: number, everSucceeded: boolean, failures: number) =>
    `no successful poll ${everSucceeded ? 'for' : 'since start-up,'} ${Math.round(sinceMs / 1000)} s (${failures} failed in a row)`,
  pendingMigrations: (names: string[]) => `${names.length} migration(s) not applied: ${names.join(', ')}`,
} as const;
