/**
 * `@kobana/oauth`: the OAuth 2.1 authorization server of a host's MCP
 * resource, embedded in the host and kept in its database.
 */
export { ClientMetadataSource } from './interfaces/client-metadata.source';
export type { ClientMetadataDocument } from './interfaces/client-metadata.source';
// A person's connected apps: the grants service, its page, and the CLI's token and client commands.
export { ConnectedAppsModule } from './grants/connected-apps.module';
export type { ConnectedAppsHostOptions } from './grants/connected-apps.module';
export { ConnectedAppsService, PRE_REGISTERED_CLIENT_PREFIX } from './grants/connected-apps.service';
export { CONNECTED_APPS_DATABASE } from './grants/connected-apps.host';
export type { ConnectedAppsDatabase } from './grants/connected-apps.host';
export type { ConnectedApp, ConnectedAppSource, NewPublicClient, RegisteredClient } from './grants/connected-app.types';
export { CLIENT_ADMIN_COMMANDS, CLIENT_ADMIN_USAGE } from './cli/client-admin.commands';
export { OAuthCliRefusal, OAuthTokenAdmin } from './cli/oauth-token.admin';
export { OAUTH_ADMIN_COMMANDS, oauthCliServices } from './cli/oauth-cli.commands';
export type { OAuthCliServices } from './cli/oauth-cli.commands';
