import { Module, Provider } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { DatabaseAuditSink } from '@kobana/audit';
import { SecretsService } from '@kobana/host-kit';
import {
  OAUTH_DATABASE,
  OAUTH_HOST_SETTINGS,
  OAUTH_SIGNING_SECRET,
  OAuthAuditSink,
  OAuthServerModule,
  OAuthServerSettings,
  OAuthSigningSecret,
} from '@kobana/oauth';
import { BillingApprovalsModule } from '../approvals/billing-approvals.module';
import { BILLING_MCP_PATH } from '../billing.constants';
import { BillingConfig } from '../config/billing-config.interface';
import { BILLING_DATABASE } from '../database/billing-database.constants';
import { BillingDatabaseModule } from '../database/billing-database.module';
import { BillingIdentityModule } from '../identity/billing-identity.module';
import { BILLING_SIGNING_SECRET, BillingSecretsModule } from '../secrets/billing-secrets.module';
import { BILLING_CLIENT_METADATA_SOURCE } from '../config/billing-client-metadata.module';
import { BILLING_OAUTH_SCOPES } from './billing-oauth.messages';
import { BillingAuditModule } from '../audit/billing-audit.module';

/**
 * Billing's `ClientMetadataSource` (Client ID Metadata Documents, fetched through
 * the outbound address guard, with `BILLING_OAUTH_CLIENT_METADATA_*`): a URL
 * `client_id` is resolved to its document instead of being an unknown client.
 */
const BILLING_CLIENT_METADATA_PROVIDERS: Provider[] = [BILLING_CLIENT_METADATA_SOURCE];

const BILLING_OAUTH_SERVER = OAuthServerModule.register({
  imports: [BillingDatabaseModule, BillingSecretsModule, BillingIdentityModule, BillingApprovalsModule, ConfigModule, BillingAuditModule],
  providers: [
    // Consents and grants revoked for reuse go to the audit trail, beside the MCP endpoint's events.
    { provide: OAuthAuditSink, useExisting: DatabaseAuditSink },
    { provide: OAUTH_DATABASE, useExisting: BILLING_DATABASE },
    {
      provide: OAUTH_SIGNING_SECRET,
      inject: [SecretsService],
      useFactory: (secrets: SecretsService<typeof BILLING_SIGNING_SECRET>): OAuthSigningSecret => ({ get: () => secrets.get(BILLING_SIGNING_SECRET) }),
    },
    {
      provide: OAUTH_HOST_SETTINGS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<BillingConfig, true>): OAuthServerSettings => {
        const publicUrl = config.get('PUBLIC_URL', { infer: true });
        return {
          issuer: publicUrl,
          resource: `${publicUrl}${BILLING_MCP_PATH}`,
          scopes: BILLING_OAUTH_SCOPES,
          personalTokenPrefix: 'kbill_',
        };
      },
    },
    ...BILLING_CLIENT_METADATA_PROVIDERS,
  ],
});

/**
 * Billing's OAuth 2.1 authorization server for its MCP endpoint (docs/protocol.md
 * §2): issuer `PUBLIC_URL`, tokens for `PUBLIC_URL/mcp` only, state in
 * Billing's database, people signed in by the approvals pages, keys from
 * the persisted signing secret. Exports `OAuthBearerVerifier`, the MCP
 * verifier of both OAuth and personal tokens.
 */
@Module({ imports: [BILLING_OAUTH_SERVER], exports: [BILLING_OAUTH_SERVER] })
export class BillingOAuthModule {}
