/** Every message of the probes, in one place. */
export const HealthMessages = {
  ok: () => 'ok',
  failed: () => 'failed',
  draining: () => 'draining for shutdown',
  timedOut: (ms: number) => `no answer within ${ms} ms`,
  pendingMigrations: (names: string[]) => `${names.length} migration(s) not applied: ${names.join(', ')}`,
} as const;
