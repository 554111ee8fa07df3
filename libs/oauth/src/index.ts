/**
 * `@kobana/oauth`: the OAuth 2.1 authorization server of a host's MCP
 * resource, embedded in the host and kept in its database.
 */
export { ClientMetadataSource } from './interfaces/client-metadata.source';
export type { ClientMetadataDocument } from './interfaces/client-metadata.source';
export { OAuthAuditSink } from './interfaces/oauth-audit.sink';
export { OAuthAuditRecorder } from './oauth-audit.recorder';
export type { OAuthAuditAction, OAuthAuditRecord } from './interfaces/oauth-audit.sink';
export type { OAuthDatabase, OAuthRecordsTable } from './oauth.tables';
export { OAuthServerModule, OAUTH_HOST_SETTINGS } from './oauth-server.module';
export type { OAuthHostOptions } from './oauth-server.module';
export { OAUTH_DATABASE, OAUTH_SIGNING_SECRET } from './oauth-host';
export type { OAuthHostDatabase, OAuthSigningSecret, OAuthUsersTable, OAuthOrganizationsTable } from './oauth-host';
export { OAUTH_SERVER_SETTINGS } from './oauth-server.settings';
export type { OAuthServerSettings, OAuthScopeDescription, OAuthRegistrationLimit, ResolvedOAuthServerSettings } from './oauth-server.settings';
export { OAuthBearerVerifier } from './oauth-bearer.verifier';
export { OAuthAccessTokenVerifier } from './oauth-access-token.verifier';
export { OAUTH_UNPARSED_PATHS } from './oauth-routes.installer';
export { OAuthProviderService } from './oauth-provider.service';
export { createOAuthRecords } from './oauth.migration';
export { hashRecordId } from './oauth-records.adapter';
// A person's connected apps: the grants service, its page, and the CLI's token and client commands.
export { ConnectedAppsModule } from './grants/connected-apps.module';
export type { ConnectedAppsHostOptions } from './grants/connected-apps.module';
export { ConnectedAppsService, PRE_REGISTERED_CLIENT_PREFIX } from './grants/connected-apps.service';
export { CONNECTED_APPS_DATABASE } from './grants/connected-apps.host';
export type { ConnectedAppsDatabase } from './grants/connected-apps.host';
export type { ConnectedApp, ConnectedAppSource, NewPublicClient, RegisteredClient } from './grants/connected-app.types';
export { CLIENT_ADMIN_COMMANDS, CLIENT_ADMIN_USAGE } from './cli/client-admin.commands';
export type { ClientAdminServices } from './cli/client-admin.commands';
export { OAuthCliRefusal, OAuthTokenAdmin } from './cli/oauth-token.admin';
export { OAUTH_ADMIN_COMMANDS, oauthCliServices } from './cli/oauth-cli.commands';
export type { OAuthCliServices } from './cli/oauth-cli.commands';
export { PASSWORD_RESET_COMMANDS, PASSWORD_RESET_USAGE, runPasswordReset } from './cli/password-reset.command';
export type { PasswordIdentity, PasswordResetServices } from './cli/password-reset.command';
// The server's storage, so the hosts' tests write grants exactly as the server does.
export { OAuthRecordsAdapter } from './oauth-records.adapter';

// Client ID Metadata Documents: the ClientMetadataSource the hosts provide.
export { ClientMetadataDocuments } from './client-metadata/client-metadata.resolver';
export { ClientMetadataDocumentsModule, provideClientMetadataSource } from './client-metadata/client-metadata.module';
export type { ClientMetadataOptionsFactory } from './client-metadata/client-metadata.module';
export { resolveClientMetadataOptions } from './client-metadata/client-metadata.options';
export type { ClientMetadataOptions, ResolvedClientMetadataOptions } from './client-metadata/client-metadata.options';
export { ClientMetadataError } from './client-metadata/client-metadata.error';
export { ClientMetadataPolicyError } from './client-metadata/client-metadata-policy.error';
export { isClientMetadataUrl } from './client-metadata/client-metadata.url';
export { readClientMetadataCaFile } from './client-metadata/client-metadata.ca-file';
