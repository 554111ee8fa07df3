import type { HostConfig } from '@kobana/platform';

/** Kadu's own settings, besides those every host shares. */
export interface KaduSettings {
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
}

/**
 * Kadu's configuration, resolved once from the environment with every default
 * applied (see `loadHostConfig`). Keys keep their environment names so
 * `config.get('PUBLIC_URL')` reads the same word an operator sets.
 */
export type KaduConfig = HostConfig<'KADU_'> & KaduSettings;
