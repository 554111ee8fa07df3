import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { IdentityService } from './identity.service';
import { KaduApiAuthGuard } from './kadu-api-auth.guard';
import { KaduApiStrategy } from './kadu-api.strategy';
import { KaduMcpTokenVerifier } from './kadu-mcp-token.verifier';

/**
 * Organizations, users and access tokens; the MCP verifier; and the bearer
 * authentication of `/api/v1`.
 */
@Module({
  imports: [DatabaseModule],
  providers: [IdentityService, KaduMcpTokenVerifier, KaduApiStrategy, KaduApiAuthGuard],
  exports: [IdentityService, KaduMcpTokenVerifier, KaduApiStrategy, KaduApiAuthGuard],
})
export class IdentityModule {}
