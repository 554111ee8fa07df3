/**
 * `@kobana/host-kit`: the small pieces every host of the Kobana libraries
 * needs and none owns: configuration reading with structured errors, the
 * validation options REST and MCP share, CLI plumbing, and the clock.
 */
export { ConfigurationError } from './config/configuration.error';
export { readSetting, parseBooleanSetting, parseIntegerSetting } from './config/setting.parsers';
export type { Environment } from './config/setting.parsers';
export { readServerConfig } from './config/server-config.loader';
export type { ServerConfig } from './config/server-config.loader';
export { readDeploymentConfig, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_SHUTDOWN_GRACE_MS } from './config/deployment-config.loader';
export type { DeploymentConfig } from './config/deployment-config.loader';
export { parseTrustProxy } from './config/trust-proxy.parser';
export type { TrustProxySetting } from './config/trust-proxy.parser';
export { applyDeploymentSettings } from './deployment/deployment.setup';
export type { DeployableApp, DeploymentSettingsSource } from './deployment/deployment.setup';
export { STRICT_VALIDATION_OPTIONS } from './config/validation.options';
export { parseCliOptions, requireOption } from './cli/cli-args.parser';
export type { CliOptionSpec, CliOptionValues } from './cli/cli-args.parser';
export { CliUsageError } from './cli/cli-usage.error';
export { CliFailure } from './cli/cli-failure.error';
export { DEFAULT_CLI_TOKEN_DAYS, TOKEN_LIFETIME_OPTIONS, TOKEN_LIFETIME_USAGE, parseTokenLifetime } from './cli/token-lifetime.option';
export { parseTokenListArgs, parseTokenRevokeArgs } from './cli/token-admin.args';
export type { TokenListArgs, TokenRevokeArgs } from './cli/token-admin.args';
export { runTokenList, runTokenRevoke } from './cli/token-admin.commands';
export { adaptCliCommands, CLI_EXIT, runCliCommands, TOKEN_ADMIN_COMMANDS, TOKEN_ADMIN_USAGE } from './cli/cli-command.runner';
export type { CliCommand, CliCommands, CliProgram } from './cli/cli-command.runner';
export type { TokenAdmin, TokenListRow } from './cli/token-admin.commands';
export { processIo } from './cli/cli.io';
export type { CliIo } from './cli/cli.io';
export { StderrLogger } from './cli/stderr.logger';
export { monotonicNow } from './clock/monotonic.clock';
export { SecretsModule } from './secrets/secrets.module';
export { SecretsService } from './secrets/secrets.service';
export { SecretsPolicyError } from './secrets/secrets-policy.error';
export type { SecretsTable } from './secrets/secrets.table';
export type { SecretsOptions } from './secrets/secrets.options';
export { createSecrets } from './secrets/secrets.migration';
export { HostLoggingModule } from './logging/host-logging.module';
export { HostLogger } from './logging/host.logger';
export { readHostLogSettings } from './logging/host-logging.settings';
export type { HostLogSettings, LogFormat } from './logging/host-logging.settings';
export { HealthModule } from './health/health.module';
export type { HealthModuleOptions } from './health/health.module';
export { HostReadiness } from './health/host-readiness';
export { READINESS_CHECKS, ReadinessFailure } from './health/readiness-check.interface';
export type { ReadinessCheck } from './health/readiness-check.interface';
export { databaseReadinessChecks } from './health/database.readiness';
export { LIVENESS_PATH, READINESS_PATH, isProbeUrl } from './health/health.constants';
export type { ReadinessAnswer } from './health/health.controller';
export { GracefulShutdown } from './shutdown/graceful-shutdown';
export type { GracefulShutdownOptions, ShutdownLogger, ShutdownStep } from './shutdown/graceful-shutdown';
