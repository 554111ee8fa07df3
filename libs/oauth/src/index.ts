/**
 * `@kobana/oauth`: the OAuth 2.1 authorization server of a host's MCP
 * resource, embedded in the host and kept in its database.
 */
export { ClientMetadataSource } from './interfaces/client-metadata.source';
export type { ClientMetadataDocument } from './interfaces/client-metadata.source';
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
