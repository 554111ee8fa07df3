import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DatabaseAuditSink } from '@kobana/audit';
import { GracefulShutdown, HostReadiness } from '@kobana/host-kit';
import type { TelemetryHandle } from '@kobana/host-kit/telemetry';
import { McpDrainService } from '@kobana/mcp';
import { KaduConfig } from '../config/kadu-config.interface';
import { ExecutionWorker } from '../executions/execution.worker';
import { WebhookDeliveryWorker } from '../webhooks/webhook-delivery.worker';

/**
 * Kadu's shutdown on SIGTERM and SIGINT (see `docs/deployment.md`): at the
 * signal, readiness off, the MCP drain, and the workers' stop (the execution
 * worker first, so an execution it finishes meanwhile still gets its webhook
 * deliveries queued); once the HTTP server is drained, the audit sink's
 * flush, the application's close, telemetry's flush.
 */
export function kaduShutdown(app: NestExpressApplication, telemetry: TelemetryHandle): GracefulShutdown {
  const config = app.get<ConfigService<KaduConfig, true>>(ConfigService);
  return new GracefulShutdown({
    server: app.getHttpServer(),
    graceMs: config.get('SHUTDOWN_GRACE_MS', { infer: true }),
    atSignal: [
      { name: 'readiness', run: () => app.get(HostReadiness).markDraining() },
      { name: 'MCP requests', run: () => app.get(McpDrainService).drain() },
      {
        name: 'execution and webhook workers',
        run: async () => {
          await app.get(ExecutionWorker).onModuleDestroy();
          await app.get(WebhookDeliveryWorker).onModuleDestroy();
        },
      },
    ],
    afterRequests: [
      { name: 'audit sink', run: () => app.get(DatabaseAuditSink).drain() },
      { name: 'application', run: () => app.close() },
      { name: 'telemetry', run: () => telemetry.shutdown() },
    ],
    logger: new Logger('Shutdown'),
  });
}
