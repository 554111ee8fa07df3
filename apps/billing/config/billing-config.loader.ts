import { ConfigurationError, Environment, parseBooleanSetting, parseIntegerSetting, readServerConfig, readSetting } from '@kobana/host-kit';
import { BillingConfig } from './billing-config.interface';

/** Billing's own default database file, beside Kadu's under `./data`. */
export const BILLING_DEFAULT_DATABASE_URL = 'sqlite:./data/billing.sqlite';

/**
 * Resolves {@link BillingConfig}. The variables every host shares are read by
 * the host kit's `readServerConfig`, as Kadu's are (and only they: Kadu's own
 * variables are not read), so both hosts accept and refuse exactly the same values.
 *
 * @throws ConfigurationError listing every invalid variable.
 */
export function loadBillingConfig(env: Environment): BillingConfig {
  const problems: string[] = [];
  const server = readServerConfig(env, BILLING_DEFAULT_DATABASE_URL, problems);
  const origins = parseOrigins(readSetting(env, 'BILLING_ALLOWED_ORIGINS'), problems);
  // No demo data in production unless asked for by name (docs/security-model.md).
  const demo = parseBooleanSetting('BILLING_DEMO', readSetting(env, 'BILLING_DEMO'), readSetting(env, 'NODE_ENV') !== 'production', problems);
  // A page for people reading the API: off in production unless asked for by name, as the demo is.
  const openApiUi = parseBooleanSetting('BILLING_OPENAPI_UI', readSetting(env, 'BILLING_OPENAPI_UI'), readSetting(env, 'NODE_ENV') !== 'production', problems);
  const clientMetadata = {
    BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: parseBooleanSetting(
      'BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK',
      readSetting(env, 'BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK'),
      false,
      problems,
    ),
    // A path only: the file is read when the application is created (see BillingClientMetadataModule).
    BILLING_OAUTH_CLIENT_METADATA_CA_FILE: readSetting(env, 'BILLING_OAUTH_CLIENT_METADATA_CA_FILE'),
  };
  const auditRetentionDays = parseIntegerSetting('BILLING_AUDIT_RETENTION_DAYS', readSetting(env, 'BILLING_AUDIT_RETENTION_DAYS'), 90, 1, problems);
  if (problems.length > 0) throw new ConfigurationError(problems);
  return {
    ...server,
    BILLING_ALLOWED_ORIGINS: origins,
    BILLING_DEMO: demo,
    BILLING_OPENAPI_UI: openApiUi,
    ...clientMetadata,
    BILLING_AUDIT_RETENTION_DAYS: auditRetentionDays,
  };
}

/** Each entry must be an http(s) origin, or the word `localhost`; kept normalised (`URL.origin`). */
function parseOrigins(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return [];
  const origins: string[] = [];
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    if (entry === 'localhost') {
      origins.push(entry);
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
      problems.push(`BILLING_ALLOWED_ORIGINS: "${entry}" is not an origin (scheme://host[:port]) or localhost`);
    } else {
      origins.push(url.origin);
    }
  }
  return origins;
}
