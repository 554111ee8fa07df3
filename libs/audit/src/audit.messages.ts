/** What the audit trail tells people and operators. */
export const AuditMessages = {
  queueFull: (max: number) => `${max} audit events are waiting for the database already; this one is dropped`,
  pruneFailed: (reason: string) => `Pruning old audit events failed: ${reason}`,
  rolesOnly: () => 'Only owners and admins may read the audit trail',
  invalidCursor: () => 'cursor is invalid: pass meta.next_cursor of a previous page unchanged, or omit it',
  invalidPeriod: () => '"since" must be before "until"',
} as const;
