import { ForbiddenException, Injectable, Type } from '@nestjs/common';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { AuditEventsPage, AuditEventsService, ListAuditEventsDto } from '@kobana/audit';
import { InjectPeople, People } from '@kobana/people';
import type { HostDescriptor } from '../host-descriptor.interface';
import { hostAuditOptions } from './host-audit.options';

/** What the host's audit tool and route do; the class itself is built per host by {@link hostAuditEventsService}. */
export interface HostAuditEvents {
  /** A page of the caller's organization's audit events, newest first, with the filters given. */
  list(caller: McpCaller, query: ListAuditEventsDto): Promise<AuditEventsPage>;
}

/**
 * The audit trail of the caller's organization as the host's tool
 * `<name>_audit_events_list`. A tool's name is decorator metadata, fixed
 * when its class is declared, so the class is declared here, once per
 * descriptor. The tool is listed for `auditRoles` with `auditScope`; each
 * call, over MCP or REST, asks the host's `People` whether the person may
 * read the trail, as the `/audit` page does, so the three never disagree.
 */
export function hostAuditEventsService(host: HostDescriptor): Type<HostAuditEvents> {
  const { roles, scope, refusal } = hostAuditOptions(host);

  @Injectable()
  class HostAuditEventsService implements HostAuditEvents {
    constructor(
      private readonly events: AuditEventsService,
      @InjectPeople() private readonly people: People,
    ) {}

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
      scopes: [scope],
      roles: [...roles],
      annotations: { readOnlyHint: true, idempotentHint: true },
    })
    async list(@McpCaller() caller: McpCaller, @McpArgs() query: ListAuditEventsDto): Promise<AuditEventsPage> {
      if (!(await this.mayRead(caller))) throw new ForbiddenException(refusal);
      return this.events.list(caller.organization_id, query);
    }

    /**
     * Whether the caller is a person of their organization whom `People`
     * lets read the trail. A token's subject the port does not know (a
     * service account minted by the CLI for a host with people of its own,
     * or someone since removed) reads nothing.
     */
    protected async mayRead(caller: McpCaller): Promise<boolean> {
      const person = await this.people.findPerson(caller.subject);
      return person !== null && person.organization_id === caller.organization_id && (await this.people.may(person, 'audit.read'));
    }
  }
  return HostAuditEventsService;
}
