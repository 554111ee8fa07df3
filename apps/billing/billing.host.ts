import { ConfigService } from '@nestjs/config';
import { defineHost } from '@kobana/platform';
import { BILLING_MCP_PATH } from './billing.constants';
import { BILLING_CORE } from './billing-core.host';
import { BillingMcpModule } from './billing-mcp/billing-mcp.module';
import { BILLING_MCP_INSTRUCTIONS } from './billing-mcp/billing-mcp-instructions.messages';
import { seedBillingDemo } from './bootstrap/billing-demo-seed.bootstrap';
import { billingDemoLines } from './bootstrap/billing-startup-banner.view';
import { BillingConfig } from './config/billing-config.interface';
import { readBillingSettings } from './config/billing-config.parser';
import { CustomersModule } from './customers/customers.module';
import { InvoicesModule } from './invoices/invoices.module';
import { NfesModule } from './nfes/nfes.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

/**
 * Kobana Billing (Automatic Billing): customers, subscriptions, invoices and
 * NF-e under `/api/v1`, and the MCP endpoint exposing them as tools, with
 * the panel's roles; the platform does the rest.
 */
export const BILLING = defineHost({
  ...BILLING_CORE,
  serverName: 'kobana-billing',
  config: readBillingSettings,
  mcp: {
    path: BILLING_MCP_PATH,
    instructions: BILLING_MCP_INSTRUCTIONS,
    modules: [BillingMcpModule],
    // The BILLING_ALLOWED_ORIGINS allowlist (no loopback unless listed), and Retry-After with 429 only.
    options: {
      inject: [ConfigService],
      useFactory: (config: ConfigService<BillingConfig, true>) => ({
        allowedOrigins: [...config.get('BILLING_ALLOWED_ORIGINS', { infer: true })],
        retryAfterOn503: false,
      }),
    },
  },
  api: [CustomersModule, SubscriptionsModule, InvoicesModule, NfesModule],
  // The tokens are minted per audience, so the banner's suggestions name the MCP one.
  demo: { seed: seedBillingDemo, lines: billingDemoLines, tokenArgs: ' --audience mcp' },
});
