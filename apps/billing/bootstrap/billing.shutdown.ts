import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DatabaseAuditSink } from '@kobana/audit';
import { GracefulShutdown, HostReadiness } from '@kobana/host-kit';
import type { TelemetryHandle } from '@kobana/host-kit/telemetry';
import { McpDrainService } from '@kobana/mcp';
import { BillingConfig } from '../config/billing-config.interface';

/**
 * Billing's shutdown on SIGTERM and SIGINT (see `docs/deployment.md`): at the
 * signal, readiness off and the MCP drain; once the HTTP server is drained,
 * the audit sink's flush, the application's close, telemetry's flush.
 */
export function billingShutdown(app: NestExpressApplication, telemetry: TelemetryHandle): GracefulShutdown {
  const config = app.get<ConfigService<BillingConfig, true>>(ConfigService);
  return new GracefulShutdown({
    server: app.getHttpServer(),
    graceMs: config.get('SHUTDOWN_GRACE_MS', { infer: true }),
    atSignal: [
      { name: 'readiness', run: () => app.get(HostReadiness).markDraining() },
      { name: 'MCP requests', run: () => app.get(McpDrainService).drain() },
    ],
    afterRequests: [
      { name: 'audit sink', run: () => app.get(DatabaseAuditSink).drain() },
      { name: 'application', run: () => app.close() },
      { name: 'telemetry', run: () => telemetry.shutdown() },
    ],
    logger: new Logger('Shutdown'),
  });
}
