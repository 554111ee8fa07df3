import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { McpModule } from '@kobana/mcp';
import { BILLING_MCP_PATH } from './billing.constants';
import { BillingMcpModule } from './billing-mcp/billing-mcp.module';
import { billingMcpOptions } from './billing-mcp/billing-mcp.options.factory';
import { BillingConfigModule } from './config/billing-config.module';
import { BillingConfig } from './config/billing-config.interface';
import { CustomersModule } from './customers/customers.module';
import { BillingDatabaseModule } from './database/billing-database.module';
import { BillingIdentityModule } from './identity/billing-identity.module';
import { BillingApprovalsModule } from './approvals/billing-approvals.module';
import { ApprovalKeys, confirmationOptions, DatabaseConfirmationStore } from '@kobana/approvals';
import { OAuthBearerVerifier } from '@kobana/oauth';
import { BillingOAuthModule } from './oauth/billing-oauth.module';
import { InvoicesModule } from './invoices/invoices.module';
import { NfesModule } from './nfes/nfes.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

/**
 * Kobana Billing: the second host of `McpModule`, which it imports with
 * decorators and options alone: configuration, data, identity, `/api/v1`,
 * and the MCP endpoint exposing the API's services as tools.
 */
@Module({
  imports: [
    BillingConfigModule,
    BillingDatabaseModule,
    BillingIdentityModule,
    CustomersModule,
    SubscriptionsModule,
    InvoicesModule,
    NfesModule,
    BillingMcpModule,
    BillingApprovalsModule,
    BillingOAuthModule,
    McpModule.forRootAsync({
      path: BILLING_MCP_PATH,
      imports: [BillingOAuthModule, ConfigModule, BillingApprovalsModule],
      inject: [OAuthBearerVerifier, ConfigService, DatabaseConfirmationStore, ApprovalKeys],
      // The approval library's confirmations: the database store, and requestState signed with a key from Billing's persisted secret.
      useFactory: (verifier: OAuthBearerVerifier, config: ConfigService<BillingConfig, true>, store: DatabaseConfirmationStore, keys: ApprovalKeys) => ({
        ...billingMcpOptions(verifier, config),
        ...confirmationOptions(store, keys),
      }),
    }),
  ],
})
export class BillingAppModule {}
