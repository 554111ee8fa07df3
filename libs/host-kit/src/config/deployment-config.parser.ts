import { DEFAULT_WORKER_STALE_AFTER_MS } from '@kobana/database';
import { DEFAULT_READINESS_TIMEOUT_MS } from '../health/readiness.options';
import { Environment, parseIntegerSetting, readSetting } from './setting.parser';
import { parseTrustProxy, TrustProxySetting } from './trust-proxy.parser';

/**
 * The settings of a host behind a proxy or load balancer, read alike by
 * every host (see `docs/deployment.md`).
 */
export interface DeploymentConfig {
  /**
   * Which proxies' `X-Forwarded-For` entries give the client's address
   * (`req.ip`): `false`, a hop count, or their addresses, CIDRs and named
   * ranges (see {@link parseTrustProxy}). `TRUST_PROXY`, @default false (the socket's address)
   */
  TRUST_PROXY: TrustProxySetting;
  /**
   * After SIGTERM or SIGINT, how long requests in flight, the workers and the
   * flushes may take before the process is ended anyway. `SHUTDOWN_GRACE_MS`, @default 10000
   */
  SHUTDOWN_GRACE_MS: number;
  /**
   * How long an idle kept-alive connection stays open. Longer than the
   * proxy's upstream idle time (nginx: 60 s), so the proxy, not the server,
   * closes it: a request the proxy sends on a connection the server is just
   * closing fails. `HTTP_KEEP_ALIVE_TIMEOUT_MS`, @default 65000
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number;
  /**
   * How long a client may take to send a request's headers; above the
   * keep-alive timeout, as Node requires for kept-alive connections.
   * `HTTP_HEADERS_TIMEOUT_MS`, @default HTTP_KEEP_ALIVE_TIMEOUT_MS + 1000
   */
  HTTP_HEADERS_TIMEOUT_MS: number;
  /**
   * How long `GET /readyz` may take in all: a check that has not answered by
   * then (a stalled database, a pool with no free connection) counts as
   * failed, and the probe answers 503 naming it. Below the probe's own
   * timeout (Kubernetes: 1 s by default). `READINESS_TIMEOUT_MS`, @default 1000
   */
  READINESS_TIMEOUT_MS: number;
  /**
   * How long a background worker (execution queue, webhook deliveries,
   * pruners) may go without a successful poll before `/readyz` answers 503
   * naming it; a worker whose interval is longer gets three of its intervals.
   * `WORKER_STALE_AFTER_MS`, @default 60000
   */
  WORKER_STALE_AFTER_MS: number;
}

/** The default of `SHUTDOWN_GRACE_MS`. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** The default of `HTTP_KEEP_ALIVE_TIMEOUT_MS`: five seconds over nginx's default upstream `keepalive_timeout`. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Reads {@link DeploymentConfig} from `env`. Problems are added to
 * `problems`, each naming its variable; the defaults stand in for refused values.
 */
export function readDeploymentConfig(env: Environment, problems: string[]): DeploymentConfig {
  const trustProxy = parseTrustProxy(readSetting(env, 'TRUST_PROXY'), problems);
  const graceMs = parseIntegerSetting('SHUTDOWN_GRACE_MS', readSetting(env, 'SHUTDOWN_GRACE_MS'), DEFAULT_SHUTDOWN_GRACE_MS, 100, problems);
  const keepAliveMs = parseIntegerSetting(
    'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    readSetting(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
    DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    1000,
    problems,
  );
  const headersMs = parseIntegerSetting('HTTP_HEADERS_TIMEOUT_MS', readSetting(env, 'HTTP_HEADERS_TIMEOUT_MS'), keepAliveMs + 1000, 1000, problems);
  if (headersMs <= keepAliveMs) {
    problems.push(`HTTP_HEADERS_TIMEOUT_MS (${headersMs}) must be greater than HTTP_KEEP_ALIVE_TIMEOUT_MS (${keepAliveMs})`);
  }
  const readinessMs = parseIntegerSetting('READINESS_TIMEOUT_MS', readSetting(env, 'READINESS_TIMEOUT_MS'), DEFAULT_READINESS_TIMEOUT_MS, 50, problems);
  const staleMs = parseIntegerSetting('WORKER_STALE_AFTER_MS', readSetting(env, 'WORKER_STALE_AFTER_MS'), DEFAULT_WORKER_STALE_AFTER_MS, 100, problems);
  return {
    TRUST_PROXY: trustProxy,
    SHUTDOWN_GRACE_MS: graceMs,
    HTTP_KEEP_ALIVE_TIMEOUT_MS: keepAliveMs,
    HTTP_HEADERS_TIMEOUT_MS: headersMs,
    READINESS_TIMEOUT_MS: readinessMs,
    WORKER_STALE_AFTER_MS: staleMs,
  };
}
