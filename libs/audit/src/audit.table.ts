import type { McpAuditEvent } from '@kobana/mcp';
import type { AuditEventKind } from './audit-oauth.constants';

/**
 * Audit events of the MCP endpoint (see `McpAuditEvent`), as Kysely sees
 * them. `client_info` and `arguments` are JSON text (sensitive properties
 * already removed); times are ISO-8601 UTC text, so comparing them as text
 * compares the instants. `kind` tells the MCP endpoint's events from the
 * authorization server's.
 */
export type AuditEventsTable = Omit<McpAuditEvent, 'client_info' | 'arguments' | 'era' | 'decision' | 'trace_id'> & {
  client_info: string | null;
  arguments: string | null;
  /** `''` for an OAuth event: the column is NOT NULL since 0700, and the event has no MCP era. */
  era: McpAuditEvent['era'] | '';
  /** An MCP decision, or an OAuth action (see `AUDIT_OAUTH_ACTIONS`). */
  decision: string;
  kind: AuditEventKind;
  /** The call's OpenTelemetry trace id; `null` when no sampled span recorded it (and for every OAuth event). */
  trace_id: string | null;
};
