import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { KaduIdentityModule } from '../identity/kadu-identity.module';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsService } from './organizations.service';

/** The caller's organization, over REST and (through `@McpTool()`) over MCP. */
@Module({
  imports: [DatabaseModule, KaduIdentityModule],
  controllers: [OrganizationsController],
  providers: [OrganizationsService],
  exports: [OrganizationsService],
})
export class OrganizationsModule {}
