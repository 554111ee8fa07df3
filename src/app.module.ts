import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { McpModule } from '@kobana/mcp';
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
import { KaduMcpLimits } from './limits/kadu-mcp.limits';

/**
 * Kadu: configuration, data, identity, the REST API under `/api/v1`, and the
 * MCP endpoint that exposes the API's services as tools.
 */
@Module({
  imports: [
    KaduConfigModule,
    DatabaseModule,
    KaduSecretsModule,
    KaduIdentityModule,
    OrganizationsModule,
    TasksModule,
    ExecutionsModule,
    FilesModule,
    WebhooksModule,
    KaduMcpModule,
    ApprovalsModule,
    KaduOAuthModule,
    McpModule.forRootAsync({
      path: MCP_PATH,
      imports: [KaduOAuthModule, ConfigModule, ApprovalsModule, KaduLimitsModule],
      inject: [OAuthBearerVerifier, ConfigService, DatabaseConfirmationStore, ApprovalKeys, KaduMcpLimits],
      useFactory: (
        verifier: OAuthBearerVerifier,
        config: ConfigService<KaduConfig, true>,
        store: DatabaseConfirmationStore,
        keys: ApprovalKeys,
        limits: KaduMcpLimits,
      ) => ({
        ...kaduMcpOptions(verifier, config),
        ...confirmationOptions(store, keys),
        ...limits.mcpOptions(),
      }),
    }),
  ],
})
export class AppModule {}
