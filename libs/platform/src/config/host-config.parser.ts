import { ConfigurationError, Environment, parseBooleanSetting, parseIntegerSetting, readServerConfig, readSetting } from '@kobana/host-kit';
import type { HostDescriptor } from '../host-descriptor.interface';
import { HostMessages } from '../host.messages';
import type { HostConfig, HostSettings } from './host-settings.interface';

/** Shortest secret accepted from the environment: 32 characters, at least 128 bits even as hex. */
export const MIN_SECRET_LENGTH = 32;

/** @default of `DATABASE_URL`: a file under `./data` named after the host, created on first start. */
export function defaultDatabaseUrl(host: Pick<HostDescriptor, 'name'>): string {
  return `sqlite:./data/${host.name}.sqlite`;
}

/** The platform's settings of `host`, from `env`, with their defaults; problems go to `problems`. */
function readHostSettings(host: Pick<HostDescriptor, 'name' | 'envPrefix'>, env: Environment, problems: string[], later: string[]): HostSettings {
  const name = (setting: string) => `${host.envPrefix}${setting}`;
  const server = readServerConfig(env, defaultDatabaseUrl(host), problems);
  const signingSecretName = name('SIGNING_SECRET');
  const signingSecret = readSetting(env, signingSecretName);
  if (signingSecret !== undefined && signingSecret.length < MIN_SECRET_LENGTH) problems.push(HostMessages.secretTooShort(signingSecretName, MIN_SECRET_LENGTH));
  // Read after the host's own settings, so problems come in the order the variables are documented.
  // Off in production unless asked for by name: no demo data (docs/security-model.md), no page for people reading the API.
  const outsideProduction = readSetting(env, 'NODE_ENV') !== 'production';
  const demo = parseBooleanSetting(name('DEMO'), readSetting(env, name('DEMO')), outsideProduction, later);
  const openApiUi = parseBooleanSetting(name('OPENAPI_UI'), readSetting(env, name('OPENAPI_UI')), outsideProduction, later);
  const allowLoopbackSetting = name('OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK');
  const caFileSetting = name('OAUTH_CLIENT_METADATA_CA_FILE');
  const allowLoopback = parseBooleanSetting(allowLoopbackSetting, readSetting(env, allowLoopbackSetting), false, later);
  const auditRetentionDays = parseIntegerSetting(name('AUDIT_RETENTION_DAYS'), readSetting(env, name('AUDIT_RETENTION_DAYS')), 90, 1, later);
  const auditMaxPending = parseIntegerSetting(name('AUDIT_MAX_PENDING'), readSetting(env, name('AUDIT_MAX_PENDING')), 10_000, 1, later);
  return {
    ...server,
    signingSecretName,
    signingSecret,
    demo,
    openApiUi,
    // A path only: the file is read when the application is created, keeping this loader free of I/O.
    clientMetadata: { allowLoopback, allowLoopbackSetting, caFile: readSetting(env, caFileSetting), caFileSetting },
    auditRetentionDays,
    auditMaxPending,
  };
}

/**
 * Resolves a host's configuration from an environment: the settings every
 * host shares (read with the host's prefix), then the host's own (its
 * `config`), keyed by their environment names. Pure (no I/O).
 *
 * Every problem is reported at once, so an operator fixes them in one pass;
 * messages name the variable but never echo a secret's value.
 *
 * @throws ConfigurationError listing every invalid variable.
 */
export function loadHostConfig<Own extends object, P extends string = string>(
  host: Pick<HostDescriptor<Own>, 'name' | 'envPrefix' | 'config'>,
  env: Environment,
): HostConfig<P> & Own {
  const problems: string[] = [];
  const later: string[] = [];
  const settings = readHostSettings(host, env, problems, later);
  const own = host.config?.(env, problems, settings) ?? ({} as Own);
  problems.push(...later);
  if (problems.length > 0) throw new ConfigurationError(problems);
  const { signingSecretName, signingSecret, demo, openApiUi, clientMetadata, auditRetentionDays, auditMaxPending, ...server } = settings;
  const prefix = host.envPrefix;
  return {
    ...server,
    [signingSecretName]: signingSecret,
    [`${prefix}DEMO`]: demo,
    [`${prefix}OPENAPI_UI`]: openApiUi,
    [clientMetadata.allowLoopbackSetting]: clientMetadata.allowLoopback,
    [clientMetadata.caFileSetting]: clientMetadata.caFile,
    [`${prefix}AUDIT_RETENTION_DAYS`]: auditRetentionDays,
    [`${prefix}AUDIT_MAX_PENDING`]: auditMaxPending,
    ...own,
  } as HostConfig<P> & Own;
}

/** The platform's view of a loaded configuration (see {@link loadHostConfig}), whatever the host's prefix. */
export function hostSettingsOf(host: Pick<HostDescriptor, 'envPrefix'>, get: (key: string) => unknown): HostSettings {
  const value = <T>(setting: string) => get(`${host.envPrefix}${setting}`) as T;
  return {
    PORT: get('PORT') as number,
    HOST: get('HOST') as string,
    PUBLIC_URL: get('PUBLIC_URL') as string,
    DATABASE_URL: get('DATABASE_URL') as string,
    DATABASE_STARTUP_TIMEOUT_MS: get('DATABASE_STARTUP_TIMEOUT_MS') as number,
    DATABASE_ACQUIRE_TIMEOUT_MS: get('DATABASE_ACQUIRE_TIMEOUT_MS') as number,
    DATABASE_STATEMENT_TIMEOUT_MS: get('DATABASE_STATEMENT_TIMEOUT_MS') as number,
    DATABASE_BUSY_TIMEOUT_MS: get('DATABASE_BUSY_TIMEOUT_MS') as number,
    TRUST_PROXY: get('TRUST_PROXY') as HostSettings['TRUST_PROXY'],
    SHUTDOWN_GRACE_MS: get('SHUTDOWN_GRACE_MS') as number,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: get('HTTP_KEEP_ALIVE_TIMEOUT_MS') as number,
    HTTP_HEADERS_TIMEOUT_MS: get('HTTP_HEADERS_TIMEOUT_MS') as number,
    READINESS_TIMEOUT_MS: get('READINESS_TIMEOUT_MS') as number,
    WORKER_STALE_AFTER_MS: get('WORKER_STALE_AFTER_MS') as number,
    signingSecretName: `${host.envPrefix}SIGNING_SECRET`,
    signingSecret: value('SIGNING_SECRET'),
    demo: value('DEMO'),
    openApiUi: value('OPENAPI_UI'),
    clientMetadata: {
      allowLoopback: value('OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK'),
      allowLoopbackSetting: `${host.envPrefix}OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`,
      caFile: value('OAUTH_CLIENT_METADATA_CA_FILE'),
      caFileSetting: `${host.envPrefix}OAUTH_CLIENT_METADATA_CA_FILE`,
    },
    auditRetentionDays: value('AUDIT_RETENTION_DAYS'),
    auditMaxPending: value('AUDIT_MAX_PENDING'),
  };
}
