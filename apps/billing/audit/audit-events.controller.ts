import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { AuditEventsPage, ListAuditEventsDto } from '@kobana/audit';
import { BILLING_API_V1 } from '../billing.constants';
import { BillingAuditEventsService } from './billing-audit-events.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/audit_events`: the route hands the tool's DTO to the service method the tool runs. */
@Controller(`${BILLING_API_V1}/audit_events`)
@UseGuards(ApiAuthGuard)
export class AuditEventsController {
  constructor(private readonly events: BillingAuditEventsService) {}

  /** = `billing_audit_events_list` (owners and admins; others 403). */
  @Get()
  @OpenApiRoute({ tool: 'billing_audit_events_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListAuditEventsDto): Promise<AuditEventsPage> {
    return this.events.list(caller, query);
  }
}
