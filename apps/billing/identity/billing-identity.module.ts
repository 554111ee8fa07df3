import { Module } from '@nestjs/common';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingApiAuthGuard } from './billing-api-auth.guard';
import { BillingApiStrategy } from './billing-api.strategy';
import { BillingIdentityService } from './billing-identity.service';
import { BillingMcpTokenVerifier } from './billing-mcp-token.verifier';

/** Billing's organizations, users and tokens; the MCP verifier; the `/api/v1` guard. */
@Module({
  imports: [BillingDatabaseModule],
  providers: [BillingIdentityService, BillingMcpTokenVerifier, BillingApiStrategy, BillingApiAuthGuard],
  exports: [BillingIdentityService, BillingMcpTokenVerifier, BillingApiStrategy, BillingApiAuthGuard],
})
export class BillingIdentityModule {}
