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
import { McpAccessTokenVerifier } from '@kobana/identity';
import { InvoicesModule } from './invoices/invoices.module';
import { NfesModule } from './nfes/nfes.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';
import { BillingAuditModule } from './audit/billing-audit.module';
import { DatabaseAuditSink } from '@kobana/audit';

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
    BillingAuditModule,
    McpModule.forRootAsync({
      path: BILLING_MCP_PATH,
      imports: [BillingIdentityModule, ConfigModule, BillingApprovalsModule, BillingAuditModule],
      inject: [McpAccessTokenVerifier, ConfigService, DatabaseConfirmationStore, ApprovalKeys, DatabaseAuditSink],
      // The approval library's confirmations: the database store, and requestState signed with a key from Billing's persisted secret.
      useFactory: (
        verifier: McpAccessTokenVerifier,
        config: ConfigService<BillingConfig, true>,
        store: DatabaseConfirmationStore,
        keys: ApprovalKeys,
        auditSink: DatabaseAuditSink,
      ) => ({
        ...billingMcpOptions(verifier, config),
        ...confirmationOptions(store, keys),
        // The audit trail: every tool call and refusal, kept in Billing's database.
        auditSink,
      }),
    }),
  ],
})
export class BillingAppModule {}
