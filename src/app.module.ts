import { Module } from '@nestjs/common';
import { HostLoggingModule } from '@kobana/host-kit';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { McpModule } from '@kobana/mcp';
import { DatabaseTaskStore } from '@kobana/mcp-tasks';
import { MCP_PATH } from './app.constants';
import { KaduConfigModule } from './config/kadu-config.module';
import { DatabaseModule } from './database/database.module';
import { ExecutionsModule } from './executions/executions.module';
import { FilesModule } from './files/files.module';
import { KaduIdentityModule } from './identity/kadu-identity.module';
import { OAuthBearerVerifier } from '@kobana/oauth';
import { KaduOAuthModule } from './oauth/kadu-oauth.module';
import { KaduMcpModule } from './kadu-mcp/kadu-mcp.module';
import { kaduMcpOptions } from './kadu-mcp/kadu-mcp.options.factory';
import { OrganizationsModule } from './organizations/organizations.module';
import { KaduSecretsModule } from './secrets/kadu-secrets.module';
import { TasksModule } from './tasks/tasks.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { KaduConfig } from './config/kadu-config.interface';
import { ApprovalsModule } from './approvals/approvals.module';
import { ApprovalKeys, confirmationOptions, DatabaseConfirmationStore } from '@kobana/approvals';
import { KaduLimitsModule } from './limits/kadu-limits.module';
import { KaduConnectedAppsModule } from './connected-apps/kadu-connected-apps.module';
import { KaduMcpLimits } from './limits/kadu-mcp.limits';
import { KaduAuditModule } from './audit/kadu-audit.module';
import { DatabaseAuditSink } from '@kobana/audit';
import { KaduMcpTasksModule } from './kadu-mcp/kadu-mcp-tasks.module';
import { KaduHealthModule } from './health/kadu-health.module';
import { KaduOpenApiModule } from './openapi/kadu-openapi.module';

/**
 * The MCP endpoint. Imported before the API's modules: Express tries routes in
 * the order they were registered, and every `/mcp` call walked the forty
 * routes of `/api/v1` and the pages before reaching its own (about a tenth
 * of a `kadu_tasks_get` call's CPU in the benchmark). The pages of the modules it
 * imports (sign-in, consent, approvals, audit) now come before the API too.
 */
const KaduMcpEndpoint = McpModule.forRootAsync({
  path: MCP_PATH,
  imports: [KaduOAuthModule, ConfigModule, ApprovalsModule, KaduLimitsModule, KaduAuditModule, KaduMcpTasksModule],
  inject: [OAuthBearerVerifier, ConfigService, DatabaseConfirmationStore, ApprovalKeys, KaduMcpLimits, DatabaseAuditSink, DatabaseTaskStore],
  useFactory: (
    verifier: OAuthBearerVerifier,
    config: ConfigService<KaduConfig, true>,
    store: DatabaseConfirmationStore,
    keys: ApprovalKeys,
    limits: KaduMcpLimits,
    auditSink: DatabaseAuditSink,
    taskStore: DatabaseTaskStore,
  ) => ({
    ...kaduMcpOptions(verifier, config),
    ...confirmationOptions(store, keys),
    ...limits.mcpOptions(),
    auditSink,
    taskStore,
  }),
});

/**
 * Kadu: configuration, data, identity, the REST API under `/api/v1`, and the
 * MCP endpoint that exposes the API's services as tools.
 */
@Module({
  imports: [
    // First, so the modules below log through it (JSON lines in production, `LOG_LEVEL`, `LOG_FORMAT`).
    HostLoggingModule.forRoot(),
    KaduConfigModule,
    DatabaseModule,
    // The probes: first of the routes, so a load balancer's poll walks no others.
    KaduHealthModule,
    KaduSecretsModule,
    KaduIdentityModule,
    KaduMcpEndpoint,
    OrganizationsModule,
    TasksModule,
    ExecutionsModule,
    FilesModule,
    WebhooksModule,
    KaduMcpModule,
    ApprovalsModule,
    KaduOAuthModule,
    KaduConnectedAppsModule,
    KaduAuditModule,
    KaduOpenApiModule,
  ],
})
export class AppModule {}
