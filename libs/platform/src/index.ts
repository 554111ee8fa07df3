/**
 * `@kobana/platform`: one host of the Kobana libraries, assembled from one
 * typed descriptor (`defineHost`). A host states its name, prefixes, roles,
 * scopes, migrations, MCP options, API modules, demo and extra commands;
 * `PlatformModule.forHost` wires configuration, the database, secrets,
 * identity, idempotency, the pages, the authorization server, connected
 * apps, the audit trail, health, logging and the MCP endpoint;
 * `runHostCli` is its CLI, and `@kobana/platform/main` its `main`.
 */
export { defineHost } from './host-descriptor.interface';
export type {
  HostBannerInput,
  HostDemoDescriptor,
  HostDemoSeed,
  HostDemoSeedOptions,
  HostCoreDescriptor,
  HostDescriptor,
  HostFactory,
  HostMcpDescriptor,
  HostModule,
} from './host-descriptor.interface';
export { HOST_DATABASE, HOST_DESCRIPTOR, HOST_SETTINGS, InjectHostDatabase } from './host.constants';
export { HostMessages } from './host.messages';
export type { HostConfig, HostSettings } from './config/host-settings.interface';
export { loadHostConfig, MIN_SECRET_LENGTH } from './config/host-config.parser';
export { defaultDatabaseUrl } from './config/host-database-url.util';
export { hostIdentityOptions } from './config/host-identity.options';
export { HostConfigModule } from './config/host-config.module';
export type { PlatformDatabase } from './database/platform-database.table';
export { HostDatabaseModule } from './database/host-database.module';
export { openHostDatabase } from './database/host-database.factory';
export { hostMigrations, IDENTITY_MIGRATION_NAME, PLATFORM_MIGRATIONS } from './database/host.migration';
export { HostServicesModule } from './host-services.module';
export { clientMetadataOptions, HostFlowsModule } from './host-flows.module';
export { DEFAULT_MCP_PATH, hostMcpEndpoint, platformMcpOptions } from './mcp/host-mcp.options';
export { PlatformModule } from './platform.module';
export { createHostApp } from './bootstrap/host-app.factory';
export { renderHostBanner } from './bootstrap/host-banner.view';
export type { HostBannerHost } from './bootstrap/host-banner.view';
export { hostShutdown } from './bootstrap/host-shutdown.bootstrap';
export { CLI_EXIT, HostCliModule, openHostCliContext, runHostCli, runHostCliProcess } from './cli/host-cli.command';
export { hostCliUsage } from './cli/host-cli.messages';
export type { HostCliDescriptor } from './cli/host-cli.messages';
export { parseTokenCreateArgs, runTokenCreate } from './cli/token-create.command';
export type { TokenCreateArgs } from './cli/token-create.command';
