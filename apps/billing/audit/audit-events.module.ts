import { Module } from '@nestjs/common';
import { AuditEventsController } from './audit-events.controller';
import { BillingAuditEventsService } from './billing-audit-events.service';

/** `GET /api/v1/audit_events` = `billing_audit_events_list`, over the platform's audit trail. */
@Module({ controllers: [AuditEventsController], providers: [BillingAuditEventsService] })
export class AuditEventsModule {}
