import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { IdentityModule } from '../identity/identity.module';
import { OrganizationsController } from './organizations.controller';
import { OrganizationsService } from './organizations.service';

/** The caller's organization, over REST and (through `@McpTool()`) over MCP. */
@Module({
  imports: [DatabaseModule, IdentityModule],
  controllers: [OrganizationsController],
  providers: [OrganizationsService],
  exports: [OrganizationsService],
})
export class OrganizationsModule {}
