import type { DeploymentConfig } from '@kobana/host-kit';

/**
 * Kobana Billing's configuration, resolved once from the environment. `PORT`,
 * `HOST`, `PUBLIC_URL` and `DATABASE_URL` follow Kadu's conventions exactly
 * (both hosts read them with the host kit's `readServerConfig`); only the
 * defaults and `BILLING_*` differ; the deployment settings (`TRUST_PROXY`,
 * `SHUTDOWN_GRACE_MS`, the keep-alive timeouts) are the same as Kadu's.
 */
export interface BillingConfig extends DeploymentConfig {
  /** `PORT`, @default 3000 */
  PORT: number;
  /** `HOST`, @default '127.0.0.1' */
  HOST: string;
  /** `PUBLIC_URL`, @default `http://localhost:<PORT>` */
  PUBLIC_URL: string;
  /** `DATABASE_URL`, @default 'sqlite:./data/billing.sqlite' */
  DATABASE_URL: string;
  /**
   * Browser origins allowed to call the MCP endpoint besides `PUBLIC_URL`
   * itself: a comma-separated list of `scheme://host[:port]`; `localhost`
   * allows loopback on any port. `BILLING_ALLOWED_ORIGINS`, @default none
   */
  BILLING_ALLOWED_ORIGINS: string[];
  /** Seed the `demo` organization (and, outside production, print its credentials) on start. `BILLING_DEMO`, @default true, false with `NODE_ENV=production` */
  BILLING_DEMO: boolean;
  /** Serve the API document as a page at `GET /api/docs` (docs/openapi.md). `BILLING_OPENAPI_UI`, @default true, false with `NODE_ENV=production` */
  BILLING_OPENAPI_UI: boolean;
  /**
   * Development only: Client ID Metadata Documents may be fetched from
   * loopback (`https://localhost`, `127.0.0.1`, `[::1]`); every other
   * non-public address stays refused. Start-up refuses it with
   * NODE_ENV=production. `BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`, @default false
   */
  BILLING_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: boolean;
  /**
   * Path of a PEM file of an extra certificate authority trusted when
   * fetching Client ID Metadata Documents (tests serving a self-signed
   * certificate); read at start-up, unreadable → start-up fails. Unset in
   * production: the system trust store applies. `BILLING_OAUTH_CLIENT_METADATA_CA_FILE`, @default none
   */
  BILLING_OAUTH_CLIENT_METADATA_CA_FILE?: string;
  /** Days the audit trail keeps an event of the MCP endpoint; older ones are pruned. `BILLING_AUDIT_RETENTION_DAYS`, @default 90 */
  BILLING_AUDIT_RETENTION_DAYS: number;
}
