import { Module } from '@nestjs/common';
import { AuditEventsController } from './audit-events.controller';
import { KaduAuditEventsService } from './kadu-audit-events.service';

/** `GET /api/v1/audit_events` = `kadu_audit_events_list`, over the platform's audit trail. */
@Module({ controllers: [AuditEventsController], providers: [KaduAuditEventsService] })
export class AuditEventsModule {}
