import type { Server } from 'node:http';
import type { DeploymentConfig } from '../config/deployment-config.parser';
import type { TrustProxySetting } from '../config/trust-proxy.parser';

/** The part of a Nest Express application the deployment settings touch. */
export interface DeployableApp {
  set(setting: string, value: unknown): unknown;
  getHttpServer(): Server;
}

/** Where the settings are read: the host's `ConfigService`. */
export interface DeploymentSettingsSource {
  get(key: keyof DeploymentConfig): unknown;
}

/**
 * Applies the deployment settings to a host not yet listening: Express's
 * `trust proxy` (so `req.ip`, which every per-address limit and the request
 * log read, is the client's address as the trusted chain gives it), and the
 * server's keep-alive and header timeouts (see `docs/deployment.md`).
 */
export function applyDeploymentSettings(app: DeployableApp, config: DeploymentSettingsSource): void {
  app.set('trust proxy', config.get('TRUST_PROXY') as TrustProxySetting);
  const server = app.getHttpServer();
  server.keepAliveTimeout = config.get('HTTP_KEEP_ALIVE_TIMEOUT_MS') as number;
  server.headersTimeout = config.get('HTTP_HEADERS_TIMEOUT_MS') as number;
}
