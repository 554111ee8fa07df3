import type { McpAuditDecision, McpAuditOutcome, McpEra } from '@kobana/mcp';

/**
 * Audit events of the MCP endpoint (see `McpAuditEvent`), as Kysely sees
 * them. `client_info` and `arguments` are JSON text (sensitive properties
 * already removed); times are ISO-8601 UTC text, so comparing them as text
 * compares the instants.
 */
export interface AuditEventsTable {
  id: string;
  organization_id: string;
  time: string;
  subject: string;
  client_id: string;
  client_name: string | null;
  client_info: string | null;
  era: McpEra;
  protocol_version: string | null;
  method: string;
  tool: string | null;
  arguments_digest: string | null;
  arguments: string | null;
  decision: McpAuditDecision;
  approval_id: string | null;
  approved_by: string | null;
  outcome: McpAuditOutcome;
  status: number | null;
  error_code: number | null;
  correlation_id: string | null;
  duration_ms: number;
}
