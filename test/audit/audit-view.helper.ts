import { AuditEventView, AuditEventsTable } from '@kobana/audit';

/** A stored row as the listing shows it (the two JSON columns parsed). */
export function toView(row: AuditEventsTable): AuditEventView {
  return {
    ...row,
    client_info: row.client_info === null ? null : JSON.parse(row.client_info),
    arguments: row.arguments === null ? null : JSON.parse(row.arguments),
    status: row.status === null ? null : Number(row.status),
    error_code: row.error_code === null ? null : Number(row.error_code),
    duration_ms: Number(row.duration_ms),
    era: row.era === '' ? null : row.era,
    decision: row.decision as AuditEventView['decision'],
  };
}
