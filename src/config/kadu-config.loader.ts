import { dirname, isAbsolute, resolve } from 'node:path';
import { parseDatabaseUrl } from '@kobana/database';
import { KaduConfig } from './kadu-config.interface';

/** The default `DATABASE_URL`: a file under `./data`, created on first start. */
export const DEFAULT_DATABASE_URL = 'sqlite:./data/kadu.sqlite';

/** The default `KADU_FILES_MAX_BYTES`: 10 MiB. */
export const DEFAULT_FILES_MAX_BYTES = 10 * 1024 * 1024;

/** Shortest secret accepted from the environment: 32 characters, at least 128 bits even as hex. */
const MIN_SECRET_LENGTH = 32;

type Env = Record<string, string | undefined>;

/**
 * Resolves {@link KaduConfig} from an environment, applying defaults.
 * Pure (no I/O), so it can be called with any object in tests.
 *
 * Every problem is reported at once, so an operator fixes them in one pass.
 * Messages name the variable but never echo a secret's value.
 *
 * @throws Error listing every invalid variable.
 */
export function loadKaduConfig(env: Env): KaduConfig {
  const problems: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const port = parsePort(text('PORT'), problems);
  const publicUrl = parsePublicUrl(text('PUBLIC_URL') ?? `http://localhost:${port}`, problems);
  const databaseUrl = text('DATABASE_URL') ?? DEFAULT_DATABASE_URL;
  try {
    parseDatabaseUrl(databaseUrl);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const signingSecret = text('KADU_SIGNING_SECRET');
  if (signingSecret !== undefined && signingSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`KADU_SIGNING_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const demo = parseBoolean('KADU_DEMO', text('KADU_DEMO'), true, problems);
  const encryptionKey = text('KADU_ENCRYPTION_KEY');
  if (encryptionKey !== undefined && encryptionKey.length < MIN_SECRET_LENGTH) {
    problems.push(`KADU_ENCRYPTION_KEY must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  const filesDir = text('KADU_FILES_DIR');
  // Parsed before the check below, so their problems are reported with the others.
  const features = {
    KADU_FILES_MAX_BYTES: parseInteger('KADU_FILES_MAX_BYTES', text('KADU_FILES_MAX_BYTES'), DEFAULT_FILES_MAX_BYTES, 1, problems),
    KADU_WEBHOOKS_ALLOW_PRIVATE: parseBoolean('KADU_WEBHOOKS_ALLOW_PRIVATE', text('KADU_WEBHOOKS_ALLOW_PRIVATE'), false, problems),
    KADU_WEBHOOK_MAX_ATTEMPTS: parseInteger('KADU_WEBHOOK_MAX_ATTEMPTS', text('KADU_WEBHOOK_MAX_ATTEMPTS'), 5, 1, problems),
    KADU_WEBHOOK_BACKOFF_MS: parseInteger('KADU_WEBHOOK_BACKOFF_MS', text('KADU_WEBHOOK_BACKOFF_MS'), 30_000, 0, problems),
    KADU_WEBHOOK_POLL_MS: parseInteger('KADU_WEBHOOK_POLL_MS', text('KADU_WEBHOOK_POLL_MS'), 1000, 10, problems),
    KADU_EXECUTION_POLL_MS: parseInteger('KADU_EXECUTION_POLL_MS', text('KADU_EXECUTION_POLL_MS'), 500, 0, problems),
    // Shorter than a second, a lease would expire under executions still running and another replica would run them again.
    KADU_EXECUTION_LEASE_MS: parseInteger('KADU_EXECUTION_LEASE_MS', text('KADU_EXECUTION_LEASE_MS'), 60_000, 1000, problems),
    KADU_EXECUTION_HANDBACK_MS: parseInteger('KADU_EXECUTION_HANDBACK_MS', text('KADU_EXECUTION_HANDBACK_MS'), 5000, 0, problems),
  };

  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return {
    PORT: port,
    HOST: text('HOST') ?? '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    KADU_SIGNING_SECRET: signingSecret,
    KADU_DEMO: demo,
    KADU_ENCRYPTION_KEY: encryptionKey,
    KADU_FILES_DIR: filesDir ? resolve(filesDir) : defaultFilesDir(databaseUrl),
    ...features,
  };
}

/** Files live beside the database, so one data directory holds everything an instance keeps. */
function defaultFilesDir(databaseUrl: string): string {
  try {
    const location = parseDatabaseUrl(databaseUrl);
    // PostgreSQL has no data directory: replicas must share one KADU_FILES_DIR (README, "Running several replicas").
    if (location.dialect === 'sqlite' && location.filename !== ':memory:' && isAbsolute(location.filename)) {
      return resolve(dirname(location.filename), 'files');
    }
  } catch {
    // Already reported as a DATABASE_URL problem.
  }
  return resolve('data', 'files');
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, problems: string[]): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    problems.push(`${name} must be an integer of at least ${min} (got "${value}")`);
    return fallback;
  }
  return Number(value);
}

function parsePort(value: string | undefined, problems: string[]): number {
  if (value === undefined) return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    problems.push(`PORT must be an integer from 0 to 65535 (got "${value}")`);
    return 3000;
  }
  return port;
}

/** The MCP module wants an origin: a path here would silently break OAuth metadata URLs. */
function parsePublicUrl(value: string, problems: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`PUBLIC_URL must be an absolute URL (got "${value}")`);
    return value;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    problems.push(`PUBLIC_URL must use http or https (got "${value}")`);
  } else if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    problems.push(`PUBLIC_URL must be an origin, without path, query or fragment (got "${value}")`);
  }
  return url.origin;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (value === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  problems.push(`${name} must be true or false (got "${value}")`);
  return fallback;
}
