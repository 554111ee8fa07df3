import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { AuditEventsPage, ListAuditEventsDto } from '@kobana/audit';
import { API_V1 } from '../app.constants';
import { KaduAuditEventsService } from './kadu-audit-events.service';
import { OpenApiRoute } from '@kobana/openapi';

/** `/api/v1/audit_events`: the route hands the tool's DTO to the same service method the tool runs. */
@Controller(`${API_V1}/audit_events`)
@UseGuards(ApiAuthGuard)
export class AuditEventsController {
  constructor(private readonly events: KaduAuditEventsService) {}

  /** `GET /api/v1/audit_events` = `kadu_audit_events_list` (owners and admins; others 403). */
  @Get()
  @OpenApiRoute({ tool: 'kadu_audit_events_list', errors: [403] })
  list(@CurrentCaller() caller: McpCaller, @Query() query: ListAuditEventsDto): Promise<AuditEventsPage> {
    return this.events.list(caller, query);
  }
}
