import type { McpAuditClientInfo, McpAuditDecision, McpAuditEvent, McpEra } from '@kobana/mcp';
import type { AuditEventKind, AuditOAuthAction } from './audit-oauth.events';
import { AuditEventsTable } from './audit.tables';

/**
 * An audit event as the listing answers it: the event the sink received, its
 * two objects parsed back from the row, and its `kind`. An OAuth event
 * (`kind: "oauth"`) has its action in `decision`, its endpoint in `method`,
 * what it concerned in `arguments`, and no `era`.
 */
export type AuditEventView = Omit<McpAuditEvent, 'era' | 'decision'> & {
  kind: AuditEventKind;
  era: McpEra | null;
  decision: McpAuditDecision | AuditOAuthAction;
};

/** A page of the listing: `{ data, meta: { next_cursor, limit } }`, the shape of Kadu's listings. */
export interface AuditEventsPage {
  data: AuditEventView[];
  meta: {
    /** Pass as `cursor` for the next page; `null` on the last one. */
    next_cursor: string | null;
    limit: number;
  };
}

/** The row as the listing shows it, with the same key order whatever the database. */
export function toAuditEventView(row: AuditEventsTable): AuditEventView {
  return {
    id: row.id,
    kind: row.kind,
    time: row.time,
    organization_id: row.organization_id,
    subject: row.subject,
    client_id: row.client_id,
    client_name: row.client_name,
    client_info: row.client_info === null ? null : (JSON.parse(row.client_info) as McpAuditClientInfo),
    era: row.era === '' ? null : row.era,
    protocol_version: row.protocol_version,
    method: row.method,
    tool: row.tool,
    arguments_digest: row.arguments_digest,
    arguments: row.arguments === null ? null : (JSON.parse(row.arguments) as Record<string, unknown>),
    decision: row.decision as AuditEventView['decision'],
    approval_id: row.approval_id,
    approved_by: row.approved_by,
    outcome: row.outcome,
    status: row.status === null ? null : Number(row.status),
    error_code: row.error_code === null ? null : Number(row.error_code),
    correlation_id: row.correlation_id,
    duration_ms: Number(row.duration_ms),
  };
}
