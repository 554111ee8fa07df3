import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AUDIT_DATABASE, AuditTrailModule } from '@kobana/audit';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { BillingApprovalsModule } from '../approvals/billing-approvals.module';
import { BillingConfig } from '../config/billing-config.interface';
import { rolesWith } from '../identity/billing-roles';
import { AuditEventsController } from './audit-events.controller';
import { BillingAuditEventsService } from './billing-audit-events.service';

const BILLING_AUDIT_TRAIL = AuditTrailModule.register({
  // The approvals module for the signed-in person of the `/audit` page.
  imports: [BillingDatabaseModule, BillingApprovalsModule],
  providers: [{ provide: AUDIT_DATABASE, useExisting: BILLING_DATABASE }],
  settings: {
    inject: [ConfigService],
    useFactory: (config: ConfigService<BillingConfig, true>) => ({
      retentionDays: config.get('BILLING_AUDIT_RETENTION_DAYS', { infer: true }),
      pageRoles: rolesWith('audit.read'),
    }),
  },
});

/**
 * What agents did, Billing's side: the audit library's database sink (handed
 * to `McpModule`), `/audit`, and `GET /api/v1/audit_events` = `billing_audit_events_list`.
 */
@Module({
  imports: [BILLING_AUDIT_TRAIL, BillingIdentityModule],
  controllers: [AuditEventsController],
  providers: [BillingAuditEventsService],
  exports: [BILLING_AUDIT_TRAIL],
})
export class BillingAuditModule {}
