import { dirname, isAbsolute, resolve } from 'node:path';
import { parseDatabaseUrl } from '@kobana/database';
import { Environment, parseBooleanSetting, parseIntegerSetting, readSetting, ServerConfig } from '@kobana/host-kit';
import { MIN_SECRET_LENGTH } from '@kobana/platform';
import { KaduSettings } from './kadu-config.interface';

/** The default `KADU_FILES_MAX_BYTES`: 10 MiB. */
export const DEFAULT_FILES_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Reads Kadu's own settings (the platform reads those every host shares,
 * `KADU_SIGNING_SECRET`, `KADU_DEMO` and the like, see `loadHostConfig`).
 * Pure (no I/O); problems go to `problems`, each naming its variable but
 * never echoing a secret's value.
 */
export function readKaduSettings(env: Environment, problems: string[], shared: ServerConfig): KaduSettings {
  const text = (name: string): string | undefined => readSetting(env, name);
  const encryptionKey = text('KADU_ENCRYPTION_KEY');
  if (encryptionKey !== undefined && encryptionKey.length < MIN_SECRET_LENGTH) {
    problems.push(`KADU_ENCRYPTION_KEY must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const filesDir = text('KADU_FILES_DIR');
  return {
    KADU_ENCRYPTION_KEY: encryptionKey,
    KADU_FILES_DIR: filesDir ? resolve(filesDir) : defaultFilesDir(shared.DATABASE_URL),
    KADU_FILES_MAX_BYTES: parseIntegerSetting('KADU_FILES_MAX_BYTES', text('KADU_FILES_MAX_BYTES'), DEFAULT_FILES_MAX_BYTES, 1, problems),
    KADU_WEBHOOKS_ALLOW_PRIVATE: parseBooleanSetting('KADU_WEBHOOKS_ALLOW_PRIVATE', text('KADU_WEBHOOKS_ALLOW_PRIVATE'), false, problems),
    KADU_WEBHOOK_MAX_ATTEMPTS: parseIntegerSetting('KADU_WEBHOOK_MAX_ATTEMPTS', text('KADU_WEBHOOK_MAX_ATTEMPTS'), 5, 1, problems),
    KADU_WEBHOOK_BACKOFF_MS: parseIntegerSetting('KADU_WEBHOOK_BACKOFF_MS', text('KADU_WEBHOOK_BACKOFF_MS'), 30_000, 0, problems),
    KADU_WEBHOOK_POLL_MS: parseIntegerSetting('KADU_WEBHOOK_POLL_MS', text('KADU_WEBHOOK_POLL_MS'), 1000, 10, problems),
    KADU_EXECUTION_POLL_MS: parseIntegerSetting('KADU_EXECUTION_POLL_MS', text('KADU_EXECUTION_POLL_MS'), 500, 0, problems),
    // Shorter than a second, a lease would expire under executions still running and another replica would run them again.
    KADU_EXECUTION_LEASE_MS: parseIntegerSetting('KADU_EXECUTION_LEASE_MS', text('KADU_EXECUTION_LEASE_MS'), 60_000, 1000, problems),
    KADU_EXECUTION_HANDBACK_MS: parseIntegerSetting('KADU_EXECUTION_HANDBACK_MS', text('KADU_EXECUTION_HANDBACK_MS'), 5000, 0, problems),
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
