import { DynamicModule, Module } from '@nestjs/common';
import { APPROVAL_DATABASE, APPROVAL_SIGNING_SECRET, ApprovalFlowModule, ApprovalSigningSecret } from '@kobana/approvals';
import { AUDIT_DATABASE, AuditTrailModule, DatabaseAuditSink } from '@kobana/audit';
import { SecretsService } from '@kobana/host-kit';
import {
  CONNECTED_APPS_DATABASE,
  ClientMetadataDocumentsModule,
  ClientMetadataOptionsFactory,
  ConnectedAppsModule,
  OAUTH_DATABASE,
  OAUTH_HOST_SETTINGS,
  OAUTH_SIGNING_SECRET,
  OAuthAuditSink,
  OAuthServerModule,
  OAuthServerSettings,
  OAuthSigningSecret,
  provideClientMetadataSource,
  readClientMetadataCaFile,
} from '@kobana/oauth';
import { ConfigService } from '@nestjs/config';
import { hostSettingsOf } from './config/host-config.parser';
import type { HostSettings } from './config/host-settings.interface';
import { HOST_DATABASE, HOST_SETTINGS } from './host.constants';
import type { HostDescriptor } from './host-descriptor.interface';
import { DEFAULT_MCP_PATH } from './mcp/host-mcp.options';

/** The signing secret, as the approval flow and the authorization server read it: from `SecretsService` at each use. */
const SIGNING_SECRET = {
  inject: [SecretsService, HOST_SETTINGS],
  useFactory: (secrets: SecretsService<string>, settings: HostSettings): ApprovalSigningSecret & OAuthSigningSecret => ({
    get: () => secrets.get(settings.signingSecretName),
  }),
};

/**
 * Client ID Metadata Documents: the CA file is read when the application is
 * created (unreadable → start-up fails naming the variable), and the
 * loopback switch is refused with NODE_ENV=production.
 */
export function clientMetadataOptions(host: HostDescriptor): ClientMetadataOptionsFactory {
  return {
    inject: [ConfigService],
    useFactory: (config: ConfigService) => {
      const { clientMetadata } = hostSettingsOf(host, (key) => config.get(key));
      return {
        allowLoopback: clientMetadata.allowLoopback,
        allowLoopbackSetting: clientMetadata.allowLoopbackSetting,
        ca: readClientMetadataCaFile(clientMetadata.caFileSetting, clientMetadata.caFile),
      };
    },
  };
}

/**
 * The pages and flows a person meets, bound to the host's database, people
 * and signing secret: the approval flow (confirmation of destructive tools,
 * `/sign-in`, `/approvals/:id`, docs/protocol.md §7), the OAuth 2.1
 * authorization server of the MCP endpoint (docs/protocol.md §2: issuer
 * `PUBLIC_URL`, tokens for `PUBLIC_URL<mcp path>` only), `/connected-apps`,
 * and the audit trail (its database sink, handed to `McpModule`, and `/audit`).
 * Global, so a host's feature (its audit tool, say) injects their services.
 */
@Module({})
export class HostFlowsModule {
  static forHost(host: HostDescriptor): DynamicModule {
    const approvals = ApprovalFlowModule.register({
      imports: [],
      providers: [
        { provide: APPROVAL_DATABASE, useExisting: HOST_DATABASE },
        { provide: APPROVAL_SIGNING_SECRET, ...SIGNING_SECRET },
      ],
      // Its own name: browsers share cookies across the ports of one host name, and a host must not read another's.
      settings: { sessionCookie: `${host.tokenPrefix}_session` },
    });
    const audit = AuditTrailModule.register({
      // The approvals module for the signed-in person of the `/audit` page.
      imports: [approvals],
      providers: [{ provide: AUDIT_DATABASE, useExisting: HOST_DATABASE }],
      settings: {
        inject: [HOST_SETTINGS],
        // Who may read `/audit` is the host's People's to say (identity's ask `auditRoles`, see hostAuditOptions).
        useFactory: (settings: HostSettings) => ({
          retentionDays: settings.auditRetentionDays,
          maxPending: settings.auditMaxPending,
          pruneIntervalMs: settings.pruneIntervalMs,
        }),
      },
    });
    const oauth = OAuthServerModule.register({
      imports: [approvals, audit],
      providers: [
        // Consents and grants revoked for reuse go to the audit trail, beside the MCP endpoint's events.
        { provide: OAuthAuditSink, useExisting: DatabaseAuditSink },
        { provide: OAUTH_DATABASE, useExisting: HOST_DATABASE },
        { provide: OAUTH_SIGNING_SECRET, ...SIGNING_SECRET },
        {
          provide: OAUTH_HOST_SETTINGS,
          inject: [HOST_SETTINGS],
          useFactory: ({ PUBLIC_URL, pruneIntervalMs }: HostSettings): OAuthServerSettings => ({
            issuer: PUBLIC_URL,
            pruneIntervalMs,
            resource: `${PUBLIC_URL}${host.mcp.path ?? DEFAULT_MCP_PATH}`,
            scopes: [...host.scopes],
            personalTokenPrefix: `${host.tokenPrefix}_`,
          }),
        },
        provideClientMetadataSource(clientMetadataOptions(host)),
      ],
    });
    // The authorization server first, as it has always been registered (its imports follow it).
    const modules = [oauth, approvals, audit];
    return { module: HostFlowsModule, global: true, imports: modules, exports: modules };
  }

  /** `/connected-apps`, behind the approval flow's sign-in; registered with the pages, after the API. */
  static connectedApps(): DynamicModule {
    return ConnectedAppsModule.register({ imports: [], providers: [{ provide: CONNECTED_APPS_DATABASE, useExisting: HOST_DATABASE }] });
  }

  /** Client ID Metadata Documents alone, with `host`'s settings (for the specs of its options). */
  static clientMetadata(host: HostDescriptor): DynamicModule {
    return ClientMetadataDocumentsModule.register(clientMetadataOptions(host));
  }
}
