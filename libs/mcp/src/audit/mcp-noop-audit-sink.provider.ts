import { McpAuditEvent, McpAuditSink } from '../interfaces/mcp-audit-sink.interface';

/** The default sink: keeps nothing. A host that must answer "who did what" gives its own (`auditSink`). */
export class McpNoopAuditSink implements McpAuditSink {
  write(event: McpAuditEvent): void {
    void event;
  }
}
