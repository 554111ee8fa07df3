/**
 * Audit events written through a host's own sink, as the MCP endpoint writes
 * them: for specs that need rows in `audit_events` (pages, fuzz, shutdown)
 * without making the calls that would record them.
 */
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DatabaseAuditSink } from '@kobana/audit';
import type { McpAuditEvent } from '@kobana/mcp';

/** An allowed, successful `tools/call` of `organizationId` (an organization's id, not its slug), with `fields` over it. */
export function auditEventOf(organizationId: string, fields: Partial<McpAuditEvent> = {}): McpAuditEvent {
  return {
    id: randomUUID(),
    time: new Date().toISOString(),
    organization_id: organizationId,
    subject: 'user',
    client_id: 'client',
    client_name: 'Client',
    client_info: null,
    era: '2026',
    protocol_version: '2026-07-28',
    method: 'tools/call',
    tool: 'kadu_tasks_list',
    arguments_digest: null,
    arguments: null,
    decision: 'allowed',
    approval_id: null,
    approved_by: null,
    outcome: 'success',
    status: 200,
    error_code: null,
    correlation_id: null,
    duration_ms: 1,
    ...fields,
  };
}

/** The host's audit sink (the platform's `DatabaseAuditSink`). */
export const auditSinkOf = (app: INestApplication): DatabaseAuditSink => app.get(DatabaseAuditSink, { strict: false });

/** Writes `count` events of `organizationId` through `app`'s sink and waits until they are in the table; their ids. */
export async function seedAuditEvents(app: INestApplication, organizationId: string, count = 2): Promise<string[]> {
  const sink = auditSinkOf(app);
  const events = Array.from({ length: count }, () => auditEventOf(organizationId));
  await Promise.all(events.map((event) => sink.write(event)));
  return events.map((event) => event.id);
}
