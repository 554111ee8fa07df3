/** The first pause before the audit sink tries a refused batch again, in milliseconds; it doubles while the database stays away. */
export const AUDIT_RETRY_BASE_MS = 250;
/** The longest pause between two attempts at a refused batch, in milliseconds. */
export const AUDIT_RETRY_MAX_MS = 10_000;

/** The OpenTelemetry meter and metric names of the audit sink. */
export const AUDIT_METRIC = {
  meter: '@kobana/audit',
  dropped: 'kobana.audit.events_dropped',
  pending: 'kobana.audit.events_pending',
} as const;
