import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DatabaseAuditSink } from '@kobana/audit';
import { GracefulShutdown, HostReadiness } from '@kobana/host-kit';
import type { TelemetryHandle } from '@kobana/host-kit/telemetry';
import { McpDrainService } from '@kobana/mcp';
import type { HostSettings } from '../config/host-settings.interface';
import { HOST_SETTINGS } from '../host.constants';
import type { HostDescriptor } from '../host-descriptor.interface';

/**
 * The shutdown on SIGTERM and SIGINT (see `docs/deployment.md`), in the
 * order a proxy needs, not Nest's (database before the HTTP server): at the
 * signal, readiness off, the MCP drain, then the host's own steps (its
 * workers); once the HTTP server is drained, the audit sink's flush, the
 * application's close, telemetry's flush.
 */
export function hostShutdown(host: HostDescriptor, app: NestExpressApplication, telemetry: TelemetryHandle): GracefulShutdown {
  return new GracefulShutdown({
    server: app.getHttpServer(),
    graceMs: app.get<HostSettings>(HOST_SETTINGS).SHUTDOWN_GRACE_MS,
    atSignal: [
      { name: 'readiness', run: () => app.get(HostReadiness).markDraining() },
      { name: 'MCP requests', run: () => app.get(McpDrainService).drain() },
      ...(host.shutdown?.(app) ?? []),
    ],
    afterRequests: [
      { name: 'audit sink', run: () => app.get(DatabaseAuditSink).drain() },
      { name: 'application', run: () => app.close() },
      { name: 'telemetry', run: () => telemetry.shutdown() },
    ],
    logger: new Logger('Shutdown'),
  });
}
