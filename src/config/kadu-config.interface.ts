import type { DeploymentConfig } from '@kobana/host-kit';

/**
 * Kadu's configuration, resolved once from the environment with every default
 * applied. Keys keep their environment names so `config.get('PUBLIC_URL')`
 * reads the same word an operator sets.
 */
export interface KaduConfig extends DeploymentConfig {
  /** TCP port of the HTTP server. `PORT`, @default 3000 */
  PORT: number;
  /**
   * Interface the server binds to. `HOST`, @default '127.0.0.1': a fresh
   * checkout must not expose an owner token to the network; set `0.0.0.0` in
   * a container or behind a proxy.
   */
  HOST: string;
  /**
   * Origin clients reach the server at (scheme://host[:port], no path), used
   * in OAuth metadata, challenges and printed URLs. `PUBLIC_URL`,
   * @default `http://localhost:<PORT>`
   */
  PUBLIC_URL: string;
  /**
   * Where the data lives: `sqlite:<path>`, `sqlite::memory:`, `file:<path>` or `postgres://<user>@<host>:<port>/<database>`.
   * `DATABASE_URL`, @default 'sqlite:./data/kadu.sqlite'
   */
  DATABASE_URL: string;
  /**
   * HMAC key shared by every replica (confirmation state, approval links,
   * presigned file URLs). `KADU_SIGNING_SECRET`; when absent one is generated
   * on first start and kept in the database (see `SecretsService`), which
   * start-up refuses with NODE_ENV=production.
   */
  KADU_SIGNING_SECRET?: string;
  /**
   * Whether `main.ts` seeds the demo organization (and, outside production,
   * prints its owner's password and a demo token).
   * `KADU_DEMO`, @default true, false with `NODE_ENV=production`
   */
  KADU_DEMO: boolean;
  /**
   * Serve the API document as a page at `GET /api/docs` (docs/openapi.md);
   * `/api/v1/openapi.json` is served either way.
   * `KADU_OPENAPI_UI`, @default true, false with `NODE_ENV=production`
   */
  KADU_OPENAPI_UI: boolean;
  /**
   * AES-256-GCM key for secrets Kadu must read back (webhook signing secrets).
   * Kept apart from `KADU_SIGNING_SECRET` so rotating that one never makes
   * stored secrets unreadable. `KADU_ENCRYPTION_KEY`; generated and kept in
   * the database when absent (see `SecretsService`), which start-up refuses
   * with NODE_ENV=production.
   */
  KADU_ENCRYPTION_KEY?: string;
  /**
   * Directory of uploaded and produced files (`<dir>/<organization>/<id>`).
   * `KADU_FILES_DIR`, @default `files/` beside the SQLite database (`./data/files`)
   */
  KADU_FILES_DIR: string;
  /** Largest file a client may declare in `kadu_files_create`. `KADU_FILES_MAX_BYTES`, @default 10485760 (10 MiB) */
  KADU_FILES_MAX_BYTES: number;
  /**
   * Accept webhook URLs that resolve to loopback, private, link-local or other
   * non-public addresses. Off in production: a webhook must not become a way
   * to reach the internal network (SSRF). Tests and local development set it.
   * `KADU_WEBHOOKS_ALLOW_PRIVATE`, @default false
   */
  KADU_WEBHOOKS_ALLOW_PRIVATE: boolean;
  /**
   * Development only: Client ID Metadata Documents may be fetched from
   * loopback (`https://localhost`, `127.0.0.1`, `[::1]`); every other
   * non-public address stays refused. Start-up refuses it with
   * NODE_ENV=production. `KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`, @default false
   */
  KADU_OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: boolean;
  /**
   * Path of a PEM file of an extra certificate authority trusted when
   * fetching Client ID Metadata Documents (tests serving a self-signed
   * certificate); read at start-up, unreadable → start-up fails. Unset in
   * production: the system trust store applies. `KADU_OAUTH_CLIENT_METADATA_CA_FILE`, @default none
   */
  KADU_OAUTH_CLIENT_METADATA_CA_FILE?: string;
  /** Tries per webhook delivery, the first included. `KADU_WEBHOOK_MAX_ATTEMPTS`, @default 5 */
  KADU_WEBHOOK_MAX_ATTEMPTS: number;
  /** Wait before the 2nd try; it doubles for each later one. `KADU_WEBHOOK_BACKOFF_MS`, @default 30000 */
  KADU_WEBHOOK_BACKOFF_MS: number;
  /** How often the delivery loop looks for due deliveries. `KADU_WEBHOOK_POLL_MS`, @default 1000 */
  KADU_WEBHOOK_POLL_MS: number;
  /**
   * Pause of the execution worker between polls of an empty queue; `0` turns
   * the worker off on this replica (it then only serves the API).
   * `KADU_EXECUTION_POLL_MS`, @default 500
   */
  KADU_EXECUTION_POLL_MS: number;
  /**
   * How long a replica's claim on an execution holds; past it, another
   * replica may take the execution back (its runner is presumed dead).
   * At least 1000. `KADU_EXECUTION_LEASE_MS`, @default 60000
   */
  KADU_EXECUTION_LEASE_MS: number;
  /**
   * On shutdown, how long the execution in hand may finish before it is
   * handed back to the queue for another replica. `KADU_EXECUTION_HANDBACK_MS`, @default 5000
   */
  KADU_EXECUTION_HANDBACK_MS: number;
  /** Days the audit trail keeps an event of the MCP endpoint; older ones are pruned. `KADU_AUDIT_RETENTION_DAYS`, @default 90 */
  KADU_AUDIT_RETENTION_DAYS: number;
}
