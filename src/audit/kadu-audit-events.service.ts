import { Injectable } from '@nestjs/common';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { AuditEventsPage, AuditEventsService, ListAuditEventsDto } from '@kobana/audit';
import { assertRole } from '../common/roles/assert-role';
import { AUDIT_ROLES } from './audit.roles';

/** The audit trail of the caller's organization, served by `/api/v1/audit_events` and `kadu_audit_events_list`. */
@Injectable()
export class KaduAuditEventsService {
  constructor(private readonly events: AuditEventsService) {}

  /** A page of audit events, newest first, with the filters given. */
  @McpTool({
    name: 'kadu_audit_events_list',
    output: AuditEventsPage,
    title: 'List audit events',
    description:
      'Lists what AI clients did in your organization, newest first: each tool call and refusal, with the person, the client, the decision ' +
      '(allowed, confirmation steps, refusals) and the outcome, and each access a person allowed or denied on the consent page or lost to a reused token ' +
      '(kind "oauth"). Filters: tool, client_id, subject, decision, kind, since, until; cursor pages. ' +
      'A filtered page may hold fewer events than limit, even none: keep following meta.next_cursor until it is null.',
    scopes: ['kadu:read'],
    roles: AUDIT_ROLES,
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListAuditEventsDto): Promise<AuditEventsPage> {
    assertRole(caller, AUDIT_ROLES, 'read the audit trail');
    return this.events.list(caller.organization_id, query);
  }
}
