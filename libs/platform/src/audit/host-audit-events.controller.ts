import { Controller, Get, Inject, Query, Type, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { AuditEventsPage, ListAuditEventsDto } from '@kobana/audit';
import { OpenApiRoute } from '@kobana/openapi';
import type { HostDescriptor } from '../host-descriptor.interface';
import { HOST_API_PREFIX } from '../openapi/host-openapi.module';
import type { HostAuditEvents } from './host-audit-events.service';

/**
 * `GET /api/v1/audit_events` = `<name>_audit_events_list` (a person the
 * host's `People` lets read the trail; others 403): the route hands the
 * tool's DTO to the method the tool runs. Declared per descriptor, as the
 * route names the tool.
 */
export function hostAuditEventsController(host: HostDescriptor, service: Type<HostAuditEvents>): Type<unknown> {
  @Controller(`${HOST_API_PREFIX}/audit_events`)
  @UseGuards(ApiAuthGuard)
  class AuditEventsController {
    constructor(@Inject(service) private readonly events: HostAuditEvents) {}

    /** A page of audit events, newest first, with the filters given. */
    @Get()
    @OpenApiRoute({ tool: `${host.name}_audit_events_list`, errors: [403] })
    list(@CurrentCaller() caller: McpCaller, @Query() query: ListAuditEventsDto): Promise<AuditEventsPage> {
      return this.events.list(caller, query);
    }
  }
  return AuditEventsController;
}
