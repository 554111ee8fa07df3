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
import { MCP_PATH } from '../app.constants';
import { ApprovalsModule } from '../approvals/approvals.module';
import { KaduConfig } from '../config/kadu-config.interface';
import { DatabaseModule } from '../database/database.module';
import { KADU_DATABASE } from '../database/kadu-database.constants';
import { KaduIdentityModule } from '../identity/kadu-identity.module';
import { KaduSecretsModule } from '../secrets/kadu-secrets.module';
import { KaduSecretName } from '../secrets/secrets.constants';
import { KADU_CLIENT_METADATA_SOURCE } from '../config/kadu-client-metadata.module';
import { KADU_OAUTH_SCOPES } from './kadu-oauth.messages';
import { KaduAuditModule } from '../audit/kadu-audit.module';

/**
 * Kadu's `ClientMetadataSource` (Client ID Metadata Documents, fetched through
 * the outbound address guard, with `KADU_OAUTH_CLIENT_METADATA_*`): a URL
 * `client_id` is resolved to its document instead of being an unknown client.
 */
const KADU_CLIENT_METADATA_PROVIDERS: Provider[] = [KADU_CLIENT_METADATA_SOURCE];

const KADU_OAUTH_SERVER = OAuthServerModule.register({
  imports: [DatabaseModule, KaduSecretsModule, KaduIdentityModule, ApprovalsModule, ConfigModule, KaduAuditModule],
  providers: [
    // Consents and grants revoked for reuse go to the audit trail, beside the MCP endpoint's events.
    { provide: OAuthAuditSink, useExisting: DatabaseAuditSink },
    { provide: OAUTH_DATABASE, useExisting: KADU_DATABASE },
    {
      provide: OAUTH_SIGNING_SECRET,
      inject: [SecretsService],
      useFactory: (secrets: SecretsService<KaduSecretName>): OAuthSigningSecret => ({ get: () => secrets.get('KADU_SIGNING_SECRET') }),
    },
    {
      provide: OAUTH_HOST_SETTINGS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<KaduConfig, true>): OAuthServerSettings => {
        const publicUrl = config.get('PUBLIC_URL', { infer: true });
        return {
          issuer: publicUrl,
          resource: `${publicUrl}${MCP_PATH}`,
          scopes: KADU_OAUTH_SCOPES,
          personalTokenPrefix: 'kadu_',
        };
      },
    },
    ...KADU_CLIENT_METADATA_PROVIDERS,
  ],
});

/**
 * Kadu's OAuth 2.1 authorization server for its MCP endpoint (docs/protocol.md §2):
 * issuer `PUBLIC_URL`, tokens for `PUBLIC_URL/mcp` only, state in Kadu's
 * database, people signed in by the approvals pages, keys from
 * `KADU_SIGNING_SECRET`. Exports `OAuthBearerVerifier`, the MCP verifier of
 * both OAuth and personal tokens.
 */
@Module({ imports: [KADU_OAUTH_SERVER], exports: [KADU_OAUTH_SERVER] })
export class KaduOAuthModule {}
