/** What the audit trail tells people and operators. */
export const AuditMessages = {
  queueFull: (max: number) => `${max} audit events are waiting for the database already; this one is dropped`,
  holdingEvents: (reason: string, max: number) =>
    `Audit events cannot be written (${reason}); holding up to ${max} of them and trying again until the database takes them`,
  droppingEvents: (max: number) =>
    `${max} audit events are waiting for the database: new events are dropped (counted in kobana.audit.events_dropped) until it takes them`,
  writingAgain: (attempts: number, dropped: number) =>
    `Audit events are written again after ${attempts} failed attempt(s); ${dropped} event(s) were dropped while the queue was full`,
  pruneFailed: (reason: string) => `Pruning old audit events failed: ${reason}`,
  rolesOnly: () => 'Only owners and admins may read the audit trail',
  invalidCursor: () => 'cursor is invalid: pass meta.next_cursor of a previous page unchanged, or omit it',
  invalidPeriod: () => '"since" must be before "until"',
} as const;
