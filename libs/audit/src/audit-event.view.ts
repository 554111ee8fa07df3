import type { McpAuditClientInfo, McpAuditDecision, McpAuditOutcome, McpEra } from '@kobana/mcp';
import { AuditEventsTable } from './audit.tables';

/** An audit event as the listing answers it: the stored event, its two objects parsed back. */
export interface AuditEventView {
  id: string;
  time: string;
  organization_id: string;
  subject: string;
  client_id: string;
  client_name: string | null;
  client_info: McpAuditClientInfo | null;
  era: McpEra;
  protocol_version: string | null;
  method: string;
  tool: string | null;
  arguments_digest: string | null;
  arguments: Record<string, unknown> | null;
  decision: McpAuditDecision;
  approval_id: string | null;
  approved_by: string | null;
  outcome: McpAuditOutcome;
  status: number | null;
  error_code: number | null;
  correlation_id: string | null;
  duration_ms: number;
}

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
    time: row.time,
    organization_id: row.organization_id,
    subject: row.subject,
    client_id: row.client_id,
    client_name: row.client_name,
    client_info: row.client_info === null ? null : (JSON.parse(row.client_info) as McpAuditClientInfo),
    era: row.era,
    protocol_version: row.protocol_version,
    method: row.method,
    tool: row.tool,
    arguments_digest: row.arguments_digest,
    arguments: row.arguments === null ? null : (JSON.parse(row.arguments) as Record<string, unknown>),
    decision: row.decision,
    approval_id: row.approval_id,
    approved_by: row.approved_by,
    outcome: row.outcome,
    status: row.status === null ? null : Number(row.status),
    error_code: row.error_code === null ? null : Number(row.error_code),
    correlation_id: row.correlation_id,
    duration_ms: Number(row.duration_ms),
  };
}
