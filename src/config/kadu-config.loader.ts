import { dirname, isAbsolute, resolve } from 'node:path';
import { parseDatabaseUrl } from '@kobana/database';
import { ConfigurationError, Environment, parseBooleanSetting, parseIntegerSetting, readServerConfig, readSetting } from '@kobana/host-kit';
import { KaduConfig } from './kadu-config.interface';

/** The default `DATABASE_URL`: a file under `./data`, created on first start. */
export const DEFAULT_DATABASE_URL = 'sqlite:./data/kadu.sqlite';

/** The default `KADU_FILES_MAX_BYTES`: 10 MiB. */
export const DEFAULT_FILES_MAX_BYTES = 10 * 1024 * 1024;

/** Shortest secret accepted from the environment: 32 characters, at least 128 bits even as hex. */
const MIN_SECRET_LENGTH = 32;

/**
 * Resolves {@link KaduConfig} from an environment, applying defaults.
 * Pure (no I/O), so it can be called with any object in tests.
 *
 * Every problem is reported at once, so an operator fixes them in one pass.
 * Messages name the variable but never echo a secret's value.
 *
 * @throws ConfigurationError listing every invalid variable.
 */
export function loadKaduConfig(env: Environment): KaduConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => readSetting(env, name);

  const server = readServerConfig(env, DEFAULT_DATABASE_URL, problems);
  const signingSecret = text('KADU_SIGNING_SECRET');
  if (signingSecret !== undefined && signingSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`KADU_SIGNING_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  // No demo data in production unless asked for by name (docs/security-model.md).
  const demo = parseBooleanSetting('KADU_DEMO', text('KADU_DEMO'), text('NODE_ENV') !== 'production', problems);
  // A page for people reading the API: off in production unless asked for by name, as the demo is.
  const openApiUi = parseBooleanSetting('KADU_OPENAPI_UI', text('KADU_OPENAPI_UI'), text('NODE_ENV') !== 'production', problems);
  const encryptionKey = text('KADU_ENCRYPTION_KEY');
  if (encryptionKey !== undefined && encryptionKey.length < MIN_SECRET_LENGTH) {
    problems.push(`KADU_ENCRYPTION_KEY must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const filesDir = text('KADU_FILES_DIR');
  // Parsed before the check below, so their problems are reported with the others.
  const features = {
    KADU_FILES_MAX_BYTES: parseIntegerSetting('KADU_FILES_MAX_BYTES', text('KADU_FILES_MAX_BYTES'), DEFAULT_FILES_MAX_BYTES, 1, problems),
    KADU_WEBHOOKS_ALLOW_PRIVATE: parseBooleanSetting('KADU_WEBHOOKS_ALLOW_PRIVATE', text('KADU_WEBHOOKS_ALLOW_PRIVATE'), false, problems),
    KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: parseBooleanSetting(
      'KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK',
      text('KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK'),
      false,
      problems,
    ),
    // A path only: the file is read when the application is created (see KaduClientMetadataModule), keeping this loader free of I/O.
    KADU_OAUTH_CLIENT_METADATA_CA_FILE: text('KADU_OAUTH_CLIENT_METADATA_CA_FILE'),
    KADU_WEBHOOK_MAX_ATTEMPTS: parseIntegerSetting('KADU_WEBHOOK_MAX_ATTEMPTS', text('KADU_WEBHOOK_MAX_ATTEMPTS'), 5, 1, problems),
    KADU_WEBHOOK_BACKOFF_MS: parseIntegerSetting('KADU_WEBHOOK_BACKOFF_MS', text('KADU_WEBHOOK_BACKOFF_MS'), 30_000, 0, problems),
    KADU_WEBHOOK_POLL_MS: parseIntegerSetting('KADU_WEBHOOK_POLL_MS', text('KADU_WEBHOOK_POLL_MS'), 1000, 10, problems),
    KADU_EXECUTION_POLL_MS: parseIntegerSetting('KADU_EXECUTION_POLL_MS', text('KADU_EXECUTION_POLL_MS'), 500, 0, problems),
    // Shorter than a second, a lease would expire under executions still running and another replica would run them again.
    KADU_EXECUTION_LEASE_MS: parseIntegerSetting('KADU_EXECUTION_LEASE_MS', text('KADU_EXECUTION_LEASE_MS'), 60_000, 1000, problems),
    KADU_EXECUTION_HANDBACK_MS: parseIntegerSetting('KADU_EXECUTION_HANDBACK_MS', text('KADU_EXECUTION_HANDBACK_MS'), 5000, 0, problems),
    KADU_AUDIT_RETENTION_DAYS: parseIntegerSetting('KADU_AUDIT_RETENTION_DAYS', text('KADU_AUDIT_RETENTION_DAYS'), 90, 1, problems),
  };

  if (problems.length > 0) throw new ConfigurationError(problems);
  return {
    ...server,
    KADU_SIGNING_SECRET: signingSecret,
    KADU_DEMO: demo,
    KADU_OPENAPI_UI: openApiUi,
    KADU_ENCRYPTION_KEY: encryptionKey,
    KADU_FILES_DIR: filesDir ? resolve(filesDir) : defaultFilesDir(server.DATABASE_URL),
    ...features,
  };
}

/** Files live beside the database, so one data directory holds everything an instance keeps. */
function defaultFilesDir(databaseUrl: string): string {
  try {
    const location = parseDatabaseUrl(databaseUrl);
    // PostgreSQL has no data directory: replicas must share one KADU_FILES_DIR (docs/operating.md, "Running several replicas").
    if (location.dialect === 'sqlite' && location.filename !== ':memory:' && isAbsolute(location.filename)) {
      return resolve(dirname(location.filename), 'files');
    }
  } catch {
    // Already reported as a DATABASE_URL problem.
  }
  return resolve('data', 'files');
}
