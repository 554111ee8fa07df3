import { ForbiddenException, Injectable, Type } from '@nestjs/common';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { AuditEventsPage, AuditEventsService, ListAuditEventsDto } from '@kobana/audit';
import type { HostDescriptor } from '../host-descriptor.interface';
import { DEFAULT_AUDIT_ROLES } from '../host.constants';
import { HostMessages } from '../host.messages';

/** What the host's audit tool and route do; the class itself is built per host by {@link hostAuditEventsService}. */
export interface HostAuditEvents {
  /** A page of the caller's organization's audit events, newest first, with the filters given. */
  list(caller: McpCaller, query: ListAuditEventsDto): Promise<AuditEventsPage>;
}

/**
 * The audit trail of the caller's organization as the host's tool
 * `<name>_audit_events_list`. A tool's name is decorator metadata, fixed
 * when its class is declared, so the class is declared here, once per
 * descriptor; its read scope is `<name>:read`, its roles `auditRoles`.
 */
export function hostAuditEventsService(host: HostDescriptor): Type<HostAuditEvents> {
  const roles = [...(host.auditRoles ?? DEFAULT_AUDIT_ROLES)];
  const refusal = host.auditRefusal ?? HostMessages.auditForbidden();

  @Injectable()
  class HostAuditEventsService implements HostAuditEvents {
    constructor(private readonly events: AuditEventsService) {}

    /** A page of audit events, newest first, with the filters given. */
    @McpTool({
      name: `${host.name}_audit_events_list`,
      output: AuditEventsPage,
      title: 'List audit events',
      description:
        'Lists what AI clients did in your organization, newest first: each tool call and refusal, with the person, the client, the decision ' +
        '(allowed, confirmation steps, refusals) and the outcome, and each access a person allowed or denied on the consent page or lost to a reused token ' +
        '(kind "oauth"). Filters: tool, client_id, subject, decision, kind, since, until; cursor pages. ' +
        'A filtered page may hold fewer events than limit, even none: keep following meta.next_cursor until it is null.',
      scopes: [`${host.name}:read`],
      roles,
      annotations: { readOnlyHint: true, idempotentHint: true },
    })
    list(@McpCaller() caller: McpCaller, @McpArgs() query: ListAuditEventsDto): Promise<AuditEventsPage> {
      // Over MCP a caller without the roles never sees the tool; this is the REST route's check.
      if (!caller.roles.some((role) => roles.includes(role))) throw new ForbiddenException(refusal);
      return this.events.list(caller.organization_id, query);
    }
  }
  return HostAuditEventsService;
}
