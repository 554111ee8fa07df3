/**
 * `@kobana/oauth`: the OAuth 2.1 authorization server of a host's MCP
 * resource, embedded in the host and kept in its database.
 *
 * Folders follow a sign-in: the module and its settings at the root;
 * `provider/` mounts oidc-provider on the host (discovery, every endpoint);
 * `registration/` admits a client (Dynamic Client Registration and its
 * throttle, the redirect-URI policy, Client ID Metadata Documents);
 * `authorization/` is the person's consent and the errors a browser sees;
 * `token/` checks what the token endpoint spends; `verification/` checks the
 * bearer token on every MCP request; `records/` keeps it all in the host's
 * database and prunes it; `audit/` tells the host what happened. Beside the
 * flow: `grants/` and `pages/` (a person's connected apps), `cli/` (the
 * operator's commands), and `interfaces/` (what a host provides).
 */
export { OAuthServerModule, OAUTH_HOST_SETTINGS } from './oauth-server.module';
export type { OAuthHostOptions } from './oauth-server.module';
export { OAUTH_DATABASE, OAUTH_SIGNING_SECRET } from './oauth-host.table';
export type { OAuthHostDatabase, OAuthSigningSecret, OAuthUsersTable, OAuthOrganizationsTable } from './oauth-host.table';
export { OAUTH_SERVER_SETTINGS } from './oauth-server.options';
export type { OAuthServerSettings, OAuthScopeDescription, OAuthRegistrationLimit, ResolvedOAuthServerSettings } from './oauth-server.options';

export { OAUTH_UNPARSED_PATHS } from './provider/oauth-routes.service';
export { OAuthProviderService } from './provider/oauth-provider.service';

// Client ID Metadata Documents: the ClientMetadataSource the hosts provide.
export { ClientMetadataSource } from './interfaces/client-metadata-source.interface';
export type { ClientMetadataDocument } from './interfaces/client-metadata-source.interface';
export { ClientMetadataDocuments } from './registration/client-metadata/client-metadata-resolver.provider';
export { ClientMetadataDocumentsModule, provideClientMetadataSource } from './registration/client-metadata/client-metadata.module';
export type { ClientMetadataOptionsFactory } from './registration/client-metadata/client-metadata.module';
export { resolveClientMetadataOptions } from './registration/client-metadata/client-metadata.options';
export type { ClientMetadataOptions, ResolvedClientMetadataOptions } from './registration/client-metadata/client-metadata.options';
export { ClientMetadataError } from './registration/client-metadata/client-metadata.error';
export { ClientMetadataPolicyError } from './registration/client-metadata/client-metadata-policy.error';
export { isClientMetadataUrl } from './registration/client-metadata/client-metadata-url.policy';
export { readClientMetadataCaFile } from './registration/client-metadata/client-metadata-ca-file.parser';

export { OAuthBearerVerifier } from './verification/oauth-bearer.provider';
export { OAuthAccessTokenVerifier } from './verification/oauth-access-token.provider';

export type { OAuthDatabase, OAuthRecordsTable } from './records/oauth.table';
export { createOAuthRecords } from './records/oauth.migration';
export { hashRecordId } from './records/oauth-records.store';
// The server's storage, so the hosts' tests write grants exactly as the server does.
export { OAuthRecordsAdapter } from './records/oauth-records.store';

export { OAuthAuditSink } from './interfaces/oauth-audit-sink.interface';
export type { OAuthAuditAction, OAuthAuditRecord } from './interfaces/oauth-audit-sink.interface';
export { OAuthAuditRecorder } from './audit/oauth-audit.service';

// A person's connected apps: the grants service, its page, and the CLI's token and client commands.
export { ConnectedAppsModule } from './grants/connected-apps.module';
export type { ConnectedAppsHostOptions } from './grants/connected-apps.module';
export { ConnectedAppsService } from './grants/connected-apps.service';
export { PRE_REGISTERED_CLIENT_PREFIX } from './grants/connected-apps.constants';
export { CONNECTED_APPS_DATABASE } from './grants/connected-apps-host.table';
export type { ConnectedAppsDatabase } from './grants/connected-apps-host.table';
export type { ConnectedApp, ConnectedAppSource, NewPublicClient, RegisteredClient } from './grants/connected-app.interface';
export { CLIENT_ADMIN_COMMANDS } from './cli/client-admin.command';
export { CLIENT_ADMIN_USAGE, PASSWORD_RESET_USAGE } from './cli/oauth-cli-usage.messages';
export type { ClientAdminServices } from './cli/client-admin.command';
export { OAuthCliRefusal, OAuthTokenAdmin } from './cli/oauth-token.command';
export { OAUTH_ADMIN_COMMANDS, oauthCliServices } from './cli/oauth-cli.command';
export type { OAuthCliServices } from './cli/oauth-cli.command';
export { PASSWORD_RESET_COMMANDS, runPasswordReset } from './cli/password-reset.command';
export type { PasswordIdentity, PasswordResetServices } from './cli/password-reset.command';
