import { DynamicModule, Module, ModuleMetadata, Provider } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { OAuthAccessTokenVerifier } from './verification/oauth-access-token.provider';
import { OAuthBearerVerifier } from './verification/oauth-bearer.provider';
import { OAuthAuditRecorder } from './audit/oauth-audit.service';
import { OAuthConsentController } from './authorization/oauth-consent.controller';
import { OAuthProviderService } from './provider/oauth-provider.service';
import { OAuthPruner } from './records/oauth-pruner.worker';
import { OAuthRoutesInstaller } from './provider/oauth-routes.service';
import { OAUTH_SERVER_SETTINGS, OAuthServerSettings, resolveOAuthServerSettings } from './oauth-server.options';
import { RegistrationThrottle } from './registration/registration-throttle.service';

/** Injection token of the host's {@link OAuthServerSettings} (before defaults). */
export const OAUTH_HOST_SETTINGS = Symbol('OAuthHostSettings');

/** What a host hands the authorization server. */
export interface OAuthHostOptions {
  /**
   * Modules its providers need, and that export `McpAccessTokenVerifier`
   * (the host's identity) and `ApprovalSessionsService` and `PagePostPolicy`
   * (the host's approvals module).
   */
  imports: NonNullable<ModuleMetadata['imports']>;
  /**
   * Must provide `OAUTH_DATABASE`, `OAUTH_SIGNING_SECRET` and
   * `OAUTH_HOST_SETTINGS` (see `oauth-host.table.ts`); may provide
   * `ClientMetadataSource`, without which a URL `client_id` is an unknown client,
   * and `OAuthAuditSink`, without which consents and revocations for reuse are only logged.
   */
  providers: Provider[];
}

/**
 * The OAuth 2.1 authorization server of a host's MCP resource (docs/protocol.md §2),
 * on oidc-provider: its endpoints mounted at the issuer's root, the consent
 * page, the MCP verifier of its tokens (`OAuthBearerVerifier`, which also
 * takes the host's personal tokens), and the sweep of expired records.
 * Kadu and Kobana Billing each register it once.
 */
@Module({})
export class OAuthServerModule {
  /** The server bound to one host's database, identity, sessions, secret and settings. */
  static register(host: OAuthHostOptions): DynamicModule {
    return {
      module: OAuthServerModule,
      imports: host.imports,
      controllers: [OAuthConsentController],
      providers: [
        ...host.providers,
        {
          provide: OAUTH_SERVER_SETTINGS,
          inject: [OAUTH_HOST_SETTINGS, ConfigService],
          useFactory: (settings: OAuthServerSettings, config: ConfigService) =>
            resolveOAuthServerSettings(settings, config.get<string>('OAUTH_REGISTRATIONS_PER_MINUTE')),
        },
        OAuthAuditRecorder,
        OAuthProviderService,
        OAuthRoutesInstaller,
        RegistrationThrottle,
        OAuthAccessTokenVerifier,
        OAuthBearerVerifier,
        OAuthPruner,
      ],
      exports: [OAuthBearerVerifier, OAuthAccessTokenVerifier, OAUTH_SERVER_SETTINGS],
    };
  }
}
