import { v7 as timeOrderedUuid } from 'uuid';
import type { McpAuditEvent } from '@kobana/mcp';
import type { AuditEventsTable } from './audit.table';
import { AuditOAuthRecord, OAUTH_EVENT_METHODS } from './audit-oauth.constants';

/**
 * Every column of `audit_events`, in the order the INSERT lists them; a
 * record over the table's keys, so a column added to the table and not here
 * fails to compile.
 */
const AUDIT_EVENT_COLUMN_SET: Record<keyof AuditEventsTable, true> = {
  id: true,
  organization_id: true,
  time: true,
  subject: true,
  client_id: true,
  client_name: true,
  client_info: true,
  era: true,
  protocol_version: true,
  method: true,
  tool: true,
  arguments_digest: true,
  arguments: true,
  decision: true,
  approval_id: true,
  approved_by: true,
  outcome: true,
  status: true,
  error_code: true,
  correlation_id: true,
  duration_ms: true,
  kind: true,
  trace_id: true,
};
export const AUDIT_EVENT_COLUMNS = Object.keys(AUDIT_EVENT_COLUMN_SET) as Array<keyof AuditEventsTable>;

/** A row whose every column is set (its values are only placeholders), so the compiled INSERT lists them all in {@link AUDIT_EVENT_COLUMNS} order. */
export const PLACEHOLDER_ROW = Object.fromEntries(AUDIT_EVENT_COLUMNS.map((column) => [column, null])) as unknown as AuditEventsTable;

/** The event as a row: the two objects as JSON text. */
export function toRow(event: McpAuditEvent): AuditEventsTable {
  return {
    ...event,
    client_info: event.client_info === null ? null : JSON.stringify(event.client_info),
    arguments: event.arguments === null ? null : JSON.stringify(event.arguments),
    kind: 'mcp',
    trace_id: event.trace_id ?? null,
  };
}

/** An authorization-server event as a row: its action in `decision`, its endpoint in `method`, its details in `arguments`. */
export function oauthRow(event: AuditOAuthRecord): AuditEventsTable {
  return {
    id: timeOrderedUuid(),
    kind: 'oauth',
    time: event.time,
    organization_id: event.organization_id,
    subject: event.subject,
    client_id: event.client_id,
    client_name: event.client_name,
    client_info: null,
    era: '',
    protocol_version: null,
    method: OAUTH_EVENT_METHODS[event.action],
    tool: null,
    arguments_digest: null,
    arguments: JSON.stringify(event.details),
    decision: event.action,
    approval_id: null,
    approved_by: null,
    outcome: event.action === 'consent_given' ? 'success' : 'not_run',
    status: null,
    error_code: null,
    correlation_id: null,
    duration_ms: 0,
    trace_id: null,
  };
}
