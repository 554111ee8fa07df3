import type { ServerConfig } from '@kobana/host-kit';

/**
 * The settings every host reads alike, keyed by their environment names,
 * `<P>` being the host's prefix (`KADU_`): `config.get('PUBLIC_URL')` reads
 * the word an operator sets.
 */
export type HostConfig<P extends string> = ServerConfig & {
  /**
   * HMAC key shared by every replica (confirmation state, approval links,
   * OAuth keys, presigned URLs), at least 32 characters. `<P>SIGNING_SECRET`;
   * when absent one is generated on first start and kept in the database,
   * which start-up refuses with NODE_ENV=production. @default generated
   */
  [K in `${P}SIGNING_SECRET`]?: string;
} & {
  /**
   * Whether `main` seeds the demo organization (and, outside production,
   * prints its owner's password and a demo token). `<P>DEMO`,
   * @default true, false with `NODE_ENV=production`
   */
  [K in `${P}DEMO`]: boolean;
} & {
  /**
   * Serve the API document as a page at `GET /api/docs` (docs/openapi.md);
   * `/api/v1/openapi.json` is served either way. `<P>OPENAPI_UI`,
   * @default true, false with `NODE_ENV=production`
   */
  [K in `${P}OPENAPI_UI`]: boolean;
} & {
  /**
   * Development only: Client ID Metadata Documents may be fetched from
   * loopback; refused with NODE_ENV=production.
   * `<P>OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`, @default false
   */
  [K in `${P}OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`]: boolean;
} & {
  /**
   * PEM file of an extra certificate authority trusted when fetching Client
   * ID Metadata Documents; read at start-up. `<P>OAUTH_CLIENT_METADATA_CA_FILE`, @default none
   */
  [K in `${P}OAUTH_CLIENT_METADATA_CA_FILE`]?: string;
} & {
  /** Days the audit trail keeps an event; older ones are pruned. `<P>AUDIT_RETENTION_DAYS`, @default 90 */
  [K in `${P}AUDIT_RETENTION_DAYS`]: number;
} & {
  /**
   * Audit events held in memory at most while the database does not take
   * them (an outage); past it, new events are dropped and counted.
   * `<P>AUDIT_MAX_PENDING`, @default 10000
   */
  [K in `${P}AUDIT_MAX_PENDING`]: number;
} & {
  /**
   * Milliseconds between sweeps of expired rows (audit events past retention,
   * OAuth records and unused clients, idempotency keys, and the MCP tasks of
   * a host that keeps them, as Kadu passes it); 0: one sweep after
   * start-up only. `<P>PRUNE_INTERVAL_MS`, @default 600000 (ten minutes)
   */
  [K in `${P}PRUNE_INTERVAL_MS`]: number;
};

/** The shared settings as the platform's own code reads them, whatever the host's prefix. */
export interface HostSettings extends ServerConfig {
  /** Name of the signing secret's variable (and of its row in `secrets`): `<P>SIGNING_SECRET`. */
  signingSecretName: string;
  signingSecret?: string;
  demo: boolean;
  openApiUi: boolean;
  clientMetadata: {
    allowLoopback: boolean;
    /** `<P>OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK`, named in the refusal. */
    allowLoopbackSetting: string;
    caFile?: string;
    /** `<P>OAUTH_CLIENT_METADATA_CA_FILE`, named when the file cannot be read. */
    caFileSetting: string;
  };
  auditRetentionDays: number;
  auditMaxPending: number;
  /** `<P>PRUNE_INTERVAL_MS`: the interval of the platform's pruners. */
  pruneIntervalMs: number;
}
