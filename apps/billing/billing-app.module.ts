import { Module } from '@nestjs/common';
import { HostLoggingModule } from '@kobana/host-kit';
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
import { BillingConnectedAppsModule } from './connected-apps/billing-connected-apps.module';
import { BillingAuditModule } from './audit/billing-audit.module';
import { DatabaseAuditSink } from '@kobana/audit';
import { BillingHealthModule } from './health/billing-health.module';
import { BillingOpenApiModule } from './openapi/billing-openapi.module';

/**
 * The MCP endpoint. Imported before the API's modules: Express tries routes in
 * the order they were registered, so `/mcp` placed after them would walk every
 * `/api/v1` route on each call.
 */
const BillingMcpEndpoint = McpModule.forRootAsync({
  path: BILLING_MCP_PATH,
  imports: [BillingOAuthModule, ConfigModule, BillingApprovalsModule, BillingAuditModule],
  inject: [OAuthBearerVerifier, ConfigService, DatabaseConfirmationStore, ApprovalKeys, DatabaseAuditSink],
  // The approval library's confirmations: the database store, and requestState signed with a key from Billing's persisted secret.
  useFactory: (
    verifier: OAuthBearerVerifier,
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
});

/**
 * Kobana Billing: the second host of `McpModule`, which it imports with
 * decorators and options alone: configuration, data, identity, `/api/v1`,
 * and the MCP endpoint exposing the API's services as tools.
 */
@Module({
  imports: [
    // First, so the modules below log through it (JSON lines in production, `LOG_LEVEL`, `LOG_FORMAT`).
    HostLoggingModule.forRoot(),
    BillingConfigModule,
    BillingDatabaseModule,
    // The probes: first of the routes, so a load balancer's poll walks no others.
    BillingHealthModule,
    BillingIdentityModule,
    BillingMcpEndpoint,
    CustomersModule,
    SubscriptionsModule,
    InvoicesModule,
    NfesModule,
    BillingMcpModule,
    BillingApprovalsModule,
    BillingOAuthModule,
    BillingConnectedAppsModule,
    BillingAuditModule,
    BillingOpenApiModule,
  ],
})
export class BillingAppModule {}
