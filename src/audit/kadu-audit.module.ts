import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AUDIT_DATABASE, AuditTrailModule } from '@kobana/audit';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';
import { KaduIdentityModule } from '../identity/kadu-identity.module';
import { ApprovalsModule } from '../approvals/approvals.module';
import { KaduConfig } from '../config/kadu-config.interface';
import { AuditEventsController } from './audit-events.controller';
import { KaduAuditEventsService } from './kadu-audit-events.service';

const KADU_AUDIT_TRAIL = AuditTrailModule.register({
  // The approvals module for the signed-in person of the `/audit` page.
  imports: [DatabaseModule, ApprovalsModule],
  providers: [{ provide: AUDIT_DATABASE, useExisting: KADU_DATABASE }],
  settings: {
    inject: [ConfigService],
    useFactory: (config: ConfigService<KaduConfig, true>) => ({ retentionDays: config.get('KADU_AUDIT_RETENTION_DAYS', { infer: true }) }),
  },
});

/**
 * What agents did, Kadu's side: the audit library's database sink (handed to
 * `McpModule`), `/audit`, and `GET /api/v1/audit_events` = `kadu_audit_events_list`.
 */
@Module({
  imports: [KADU_AUDIT_TRAIL, KaduIdentityModule],
  controllers: [AuditEventsController],
  providers: [KaduAuditEventsService],
  exports: [KADU_AUDIT_TRAIL],
})
export class KaduAuditModule {}
