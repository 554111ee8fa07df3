import { DynamicModule, InjectionToken, Module, ModuleMetadata, Provider } from '@nestjs/common';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings, DEFAULT_AUDIT_TRAIL_SETTINGS } from './audit-trail.options';
import { DatabaseAuditSink } from './database-audit-sink.store';
import { AuditEventsService } from './audit-events.service';
import { AuditEventsPruner } from './audit-events-pruner.worker';
import { AuditPageController } from './audit.page.controller';

/** What a host hands the audit trail: the modules its providers need, and the provider of the host token. */
export interface AuditHostOptions {
  /**
   * Must make the host's `ApprovalSessionsService` (its approvals module) available, for the page;
   * `People` (`@kobana/people`) must be injectable too (the page asks it who may read).
   */
  imports: NonNullable<ModuleMetadata['imports']>;
  /** Must provide `AUDIT_DATABASE` (see `audit-host.table.ts`). */
  providers: Provider[];
  /** Settings to change from their defaults, read from the host's configuration when the module is built. */
  settings?: {
    inject?: InjectionToken[];
    useFactory: (...args: never[]) => Partial<AuditTrailSettings>;
  };
}

/**
 * The audit trail of the MCP endpoint, for any host: the database sink the
 * host hands `McpModule` as `auditSink`, the listing service its REST route
 * and tool share, the pruner, and the `/audit` page. Kadu and Kobana Billing
 * each register it once with their own database.
 */
@Module({})
export class AuditTrailModule {
  /** The trail bound to one host's database. */
  static register(host: AuditHostOptions): DynamicModule {
    return {
      module: AuditTrailModule,
      imports: host.imports,
      controllers: [AuditPageController],
      providers: [
        ...host.providers,
        {
          provide: AUDIT_TRAIL_SETTINGS,
          inject: host.settings?.inject ?? [],
          useFactory: (...args: never[]): AuditTrailSettings => ({ ...DEFAULT_AUDIT_TRAIL_SETTINGS, ...host.settings?.useFactory(...args) }),
        },
        DatabaseAuditSink,
        AuditEventsService,
        AuditEventsPruner,
      ],
      exports: [DatabaseAuditSink, AuditEventsService, AuditEventsPruner],
    };
  }
}
