import { parseDatabaseUrl } from '@kobana/database';
import { Environment, readSetting } from './setting.parser';
import { DeploymentConfig, readDeploymentConfig } from './deployment-config.parser';
import { DatabaseConfig, readDatabaseConfig } from './database-config.parser';

/**
 * The settings every host reads alike: where it listens, the origin clients
 * reach, where its data lives, and how it runs behind a proxy.
 */
export interface ServerConfig extends DeploymentConfig, DatabaseConfig {
  /** TCP port of the HTTP server. `PORT`, @default 3000 */
  PORT: number;
  /**
   * Interface the server binds to. `HOST`, @default '127.0.0.1': a fresh
   * checkout must not expose a demo token to the network.
   */
  HOST: string;
  /** Origin clients reach the server at (scheme://host[:port], no path). `PUBLIC_URL`, @default `http://localhost:<PORT>` */
  PUBLIC_URL: string;
  /** `sqlite:<path>`, `sqlite::memory:`, `file:<path>` or `postgres://…`. `DATABASE_URL`, @default the host's own file */
  DATABASE_URL: string;
}

/**
 * Reads {@link ServerConfig} from `env`, with the host's default database.
 * Problems are added to `problems` (PORT, then PUBLIC_URL, then
 * DATABASE_URL, then the database's bounds, then the deployment settings), so the host reports them together with its own; the
 * defaults stand in for refused values.
 */
export function readServerConfig(env: Environment, defaultDatabaseUrl: string, problems: string[]): ServerConfig {
  const port = parsePort(readSetting(env, 'PORT'), problems);
  const publicUrl = parsePublicUrl(readSetting(env, 'PUBLIC_URL') ?? `http://localhost:${port}`, problems);
  const databaseUrl = readSetting(env, 'DATABASE_URL') ?? defaultDatabaseUrl;
  try {
    parseDatabaseUrl(databaseUrl);
  } catch (error) {
    problems.push((error as Error).message);
  }
  const database = readDatabaseConfig(env, problems);
  const deployment = readDeploymentConfig(env, problems);
  return { PORT: port, HOST: readSetting(env, 'HOST') ?? '127.0.0.1', PUBLIC_URL: publicUrl, DATABASE_URL: databaseUrl, ...database, ...deployment };
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
