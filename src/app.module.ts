import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { McpModule } from '@kobana/mcp';
import { MCP_PATH } from './app.constants';
import { KaduConfigModule } from './config/kadu-config.module';
import { DatabaseModule } from './database/database.module';
import { ExecutionsModule } from './executions/executions.module';
import { FilesModule } from './files/files.module';
import { IdentityModule } from './identity/identity.module';
import { KaduMcpTokenVerifier } from './identity/kadu-mcp-token.verifier';
import { KaduMcpModule } from './kadu-mcp/kadu-mcp.module';
import { kaduMcpOptions } from './kadu-mcp/kadu-mcp.options.factory';
import { OrganizationsModule } from './organizations/organizations.module';
import { SecretsModule } from './secrets/secrets.module';
import { TasksModule } from './tasks/tasks.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * Kadu: configuration, data, identity, the REST API under `/api/v1`, and the
 * MCP endpoint that exposes the API's services as tools.
 */
@Module({
  imports: [
    KaduConfigModule,
    DatabaseModule,
    SecretsModule,
    IdentityModule,
    OrganizationsModule,
    TasksModule,
    ExecutionsModule,
    FilesModule,
    WebhooksModule,
    KaduMcpModule,
    McpModule.forRootAsync({
      path: MCP_PATH,
      imports: [IdentityModule, ConfigModule],
      inject: [KaduMcpTokenVerifier, ConfigService],
      useFactory: kaduMcpOptions,
    }),
  ],
})
export class AppModule {}
