import { DatabaseTaskStore } from '@kobana/mcp-tasks';
import { defineHost } from '@kobana/platform';
import { MCP_PATH } from './app.constants';
import { KADU_CORE } from './kadu-core.host';
import { seedDemo } from './bootstrap/demo-seed.bootstrap';
import { kaduDemoLines } from './bootstrap/startup-banner.view';
import { readKaduSettings } from './config/kadu-config.parser';
import { ExecutionWorker } from './executions/execution.worker';
import { ExecutionsModule } from './executions/executions.module';
import { FILE_UPLOAD_PATH } from './files/files.constants';
import { FilesModule } from './files/files.module';
import { KaduMcpTasksModule } from './kadu-mcp/kadu-mcp-tasks.module';
import { KADU_MCP_INSTRUCTIONS } from './kadu-mcp/kadu-mcp-instructions.messages';
import { KaduMcpModule } from './kadu-mcp/kadu-mcp.module';
import { KaduLimitsModule } from './limits/kadu-limits.module';
import { KaduMcpLimits } from './limits/kadu-mcp-limits.options';
import { KaduRateLimitStore } from './limits/kadu-rate-limit.store';
import { OrganizationsModule } from './organizations/organizations.module';
import { TasksModule } from './tasks/tasks.module';
import { WebhookDeliveryWorker } from './webhooks/webhook-delivery.worker';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * Kadu, the Kobana financial agent: the REST API under `/api/v1` and the MCP
 * endpoint exposing its services as tools; the platform does the rest.
 */
export const KADU = defineHost({
  ...KADU_CORE,
  config: readKaduSettings,
  secrets: ['KADU_ENCRYPTION_KEY'],
  mcp: {
    path: MCP_PATH,
    instructions: KADU_MCP_INSTRUCTIONS,
    modules: [KaduMcpModule],
    // Presigned uploads stream their body to disk as it arrives.
    unparsedPaths: [FILE_UPLOAD_PATH],
    // Rate limits in Redis when KADU_REDIS_URL is set, the drain, the queue's saturation, and tasks any replica reads.
    options: {
      imports: [KaduLimitsModule, KaduMcpTasksModule],
      inject: [KaduMcpLimits, DatabaseTaskStore],
      useFactory: (limits: KaduMcpLimits, taskStore: DatabaseTaskStore) => ({ ...limits.mcpOptions(), taskStore }),
    },
  },
  api: [OrganizationsModule, TasksModule, ExecutionsModule, FilesModule, WebhooksModule],
  // `/readyz` checks the Redis the replicas share their rate limits in, when there is one.
  health: {
    imports: [KaduLimitsModule],
    inject: [KaduRateLimitStore],
    useFactory: (store: KaduRateLimitStore) => (store.usesRedis ? [{ name: 'redis', check: () => store.ping() }] : []),
  },
  // The execution worker first, so an execution it finishes meanwhile still gets its webhook deliveries queued.
  shutdown: (app) => [
    {
      name: 'execution and webhook workers',
      run: async () => {
        await app.get(ExecutionWorker).onModuleDestroy();
        await app.get(WebhookDeliveryWorker).onModuleDestroy();
      },
    },
  ],
  demo: { seed: seedDemo, lines: kaduDemoLines },
});
