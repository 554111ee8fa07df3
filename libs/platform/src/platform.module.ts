import { DynamicModule, Module } from '@nestjs/common';
import { Kysely } from 'kysely';
import { WorkerHealthModule } from '@kobana/database';
import { databaseReadinessChecks, HealthModule, HostLoggingModule, ReadinessOptions } from '@kobana/host-kit';
import { HostAuditEventsModule } from './audit/host-audit-events.module';
import { HostConfigModule } from './config/host-config.module';
import { HostDatabaseModule } from './database/host-database.module';
import { hostMigrations } from './database/host.migration';
import { HostFlowsModule } from './host-flows.module';
import { HostServicesModule } from './host-services.module';
import { HOST_DATABASE, HOST_SETTINGS } from './host.constants';
import type { HostDescriptor } from './host-descriptor.interface';
import type { HostSettings } from './config/host-settings.interface';
import { hostMcpEndpoint } from './mcp/host-mcp.options';
import { hostOpenApi } from './openapi/host-openapi.module';

/**
 * One host, assembled from its descriptor: `PlatformModule.forHost(KADU)`
 * is the whole application module. The order of the imports is the order
 * routes are registered in, which Express tries them in:
 *
 * 1. logging, first, so the modules below log through it (JSON lines in production, `LOG_LEVEL`, `LOG_FORMAT`);
 * 2. configuration, the database, secrets, identity and idempotency, to the whole application;
 * 3. the probes, first of the routes, so a load balancer's poll walks no others;
 * 4. the MCP endpoint, with the pages it needs (sign-in, consent, approvals, audit), before the API;
 * 5. the API's modules, its audit events, the MCP resources and prompts, then `/connected-apps`;
 * 6. the API's OpenAPI document, built once every route above is known.
 */
@Module({})
export class PlatformModule {
  static forHost(host: HostDescriptor): DynamicModule {
    const flows = HostFlowsModule.forHost(host);
    const migrations = hostMigrations(host);
    const health = HealthModule.forRootAsync({
      imports: host.health?.imports ?? [],
      inject: [HOST_DATABASE, HOST_SETTINGS, ...(host.health?.inject ?? [])],
      useFactory: (db: Kysely<unknown>, settings: HostSettings, ...args: unknown[]): ReadinessOptions => ({
        checks: [...databaseReadinessChecks(db, migrations), ...(host.health?.useFactory(...args) ?? [])],
        timeoutMs: settings.READINESS_TIMEOUT_MS,
      }),
    });
    // Every worker (execution queue, deliveries, pruners, …) reports here; `/readyz` names a stale one.
    const workers = WorkerHealthModule.forRootAsync({
      inject: [HOST_SETTINGS],
      useFactory: (settings: HostSettings) => ({ staleAfterMs: settings.WORKER_STALE_AFTER_MS }),
    });
    return {
      module: PlatformModule,
      imports: [
        HostLoggingModule.forRoot(),
        HostConfigModule.forHost(host),
        HostDatabaseModule.forHost(host),
        workers,
        health,
        HostServicesModule.forHost(host),
        hostMcpEndpoint(host, flows),
        ...host.api,
        HostAuditEventsModule.forHost(host),
        ...(host.mcp.modules ?? []),
        flows,
        HostFlowsModule.connectedApps(),
        hostOpenApi(host),
      ],
    };
  }
}
