import { DynamicModule, Module } from '@nestjs/common';
import type { HostDescriptor } from '../host-descriptor.interface';
import { hostAuditEventsController } from './host-audit-events.controller';
import { hostAuditEventsService } from './host-audit-events.service';

/**
 * The host's own reading of the platform's audit trail: `GET
 * /api/v1/audit_events` and the tool `<name>_audit_events_list`, both
 * named from the descriptor (the service is the global `AuditEventsService`).
 */
@Module({})
export class HostAuditEventsModule {
  static forHost(host: HostDescriptor): DynamicModule {
    const service = hostAuditEventsService(host);
    return { module: HostAuditEventsModule, controllers: [hostAuditEventsController(host, service)], providers: [service] };
  }
}
