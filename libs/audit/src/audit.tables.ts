import type { McpAuditEvent } from '@kobana/mcp';

/**
 * Audit events of the MCP endpoint (see `McpAuditEvent`), as Kysely sees
 * them. `client_info` and `arguments` are JSON text (sensitive properties
 * already removed); times are ISO-8601 UTC text, so comparing them as text
 * compares the instants.
 */
export type AuditEventsTable = Omit<McpAuditEvent, 'client_info' | 'arguments'> & {
  client_info: string | null;
  arguments: string | null;
};
