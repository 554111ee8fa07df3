import { Module } from '@nestjs/common';
import { IdentityModule } from '@kobana/identity';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BILLING_IDENTITY_OPTIONS } from './billing-identity.options';

const BILLING_IDENTITY = IdentityModule.register({ imports: [BillingDatabaseModule], database: BILLING_DATABASE, options: BILLING_IDENTITY_OPTIONS });

/**
 * Billing's organizations, users and tokens (`IdentityService`), the MCP
 * verifier (`McpAccessTokenVerifier`) and the `/api/v1` guard (`ApiAuthGuard`),
 * loaded once per application.
 */
@Module({ imports: [BILLING_IDENTITY], exports: [BILLING_IDENTITY] })
export class BillingIdentityModule {}
