/**
 * `@kobana/host-kit`: the small pieces every host of the Kobana libraries
 * needs and none owns: configuration reading with structured errors, the
 * validation options REST and MCP share, CLI plumbing, and the clock.
 */
export { ConfigurationError } from './config/configuration.error';
export { readSetting, parseBooleanSetting, parseIntegerSetting } from './config/setting.parser';
export type { Environment } from './config/setting.parser';
export { readServerConfig } from './config/server-config.parser';
export type { ServerConfig } from './config/server-config.parser';
export { readDeploymentConfig, DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_SHUTDOWN_GRACE_MS } from './config/deployment-config.parser';
export type { DeploymentConfig } from './config/deployment-config.parser';
export { readDatabaseConfig, databaseOptionsOf } from './config/database-config.parser';
export type { DatabaseConfig } from './config/database-config.parser';
export { parseTrustProxy } from './config/trust-proxy.parser';
export type { TrustProxySetting } from './config/trust-proxy.parser';
export { applyDeploymentSettings } from './deployment/deployment.util';
export type { DeployableApp, DeploymentSettingsSource } from './deployment/deployment.util';
export { STRICT_VALIDATION_OPTIONS } from './config/validation.options';
export { IsRecordId, RECORD_ID_MAX_LENGTH } from './config/record-id.decorator';
export { parseCliOptions, requireOption } from './cli/cli-args.parser';
export type { CliOptionSpec, CliOptionValues } from './cli/cli-args.parser';
export { CliUsageError } from './cli/cli-usage.error';
export { CliFailure } from './cli/cli-failure.error';
export { DEFAULT_CLI_TOKEN_DAYS, TOKEN_LIFETIME_OPTIONS, TOKEN_LIFETIME_USAGE, parseTokenLifetime } from './cli/token-lifetime.parser';
export { parseTokenListArgs, parseTokenRevokeArgs } from './cli/token-admin-args.parser';
export type { TokenListArgs, TokenRevokeArgs } from './cli/token-admin-args.parser';
export { runTokenList, runTokenRevoke } from './cli/token-admin.command';
export { adaptCliCommands, CLI_EXIT, runCliCommands, TOKEN_ADMIN_COMMANDS, TOKEN_ADMIN_USAGE } from './cli/cli.command';
export type { CliCommand, CliCommands, CliProgram } from './cli/cli.command';
export type { TokenAdmin, TokenListRow } from './cli/token-admin.command';
export { processIo } from './cli/cli-io.provider';
export type { CliIo } from './cli/cli-io.provider';
export { StderrLogger } from './cli/stderr-logger.service';
export { monotonicNow } from './clock/monotonic-clock.util';
export { SecretsModule } from './secrets/secrets.module';
export { SecretsService } from './secrets/secrets.service';
export { SecretsPolicyError } from './secrets/secrets-policy.error';
export type { SecretsTable } from './secrets/secrets.table';
export type { SecretsOptions } from './secrets/secrets.options';
export { createSecrets } from './secrets/secrets.migration';
export { HostLoggingModule } from './logging/host-logging.module';
export { HostLogger } from './logging/host-logger.service';
export { readHostLogSettings } from './logging/host-logging-settings.parser';
export type { HostLogSettings, LogFormat } from './logging/host-logging-settings.parser';
export { HealthModule } from './health/health.module';
export type { HealthModuleOptions } from './health/health.module';
export { HostReadiness } from './health/host-readiness.service';
export { READINESS_CHECKS, ReadinessFailure } from './health/readiness-check.interface';
export type { ReadinessCheck } from './health/readiness-check.interface';
export { databaseReadinessChecks } from './health/database-readiness.factory';
export { LIVENESS_PATH, READINESS_PATH, isProbeUrl } from './health/health.constants';
export type { ReadinessAnswer } from './health/health.controller';
export { ReadinessProbe, WORKER_CHECK_PREFIX } from './health/readiness-probe.service';
export type { ReadinessReport, WorkerReadiness } from './health/readiness-probe.service';
export { DEFAULT_READINESS_TIMEOUT_MS } from './health/readiness.options';
export type { ReadinessOptions } from './health/readiness.options';
export { GracefulShutdown } from './shutdown/graceful-shutdown.service';
export type { GracefulShutdownOptions, ShutdownLogger, ShutdownStep } from './shutdown/graceful-shutdown.service';
