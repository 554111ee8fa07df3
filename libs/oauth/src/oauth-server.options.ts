/** One scope the host's tools declare, with the words the consent page shows for it. */
export interface OAuthScopeDescription {
  /** The scope as tokens carry it (`tasks:read`). */
  scope: string;
  /** What it lets an application do, for a person: "Read your tasks". */
  description: string;
}

/** Per-address limit of Dynamic Client Registration. */
export interface OAuthRegistrationLimit {
  /** Registrations per window and client address. */
  limit: number;
  /** The window, in milliseconds. */
  windowMs: number;
}

/** A host's settings of its authorization server; those without `@default` are the host's to give. */
export interface OAuthServerSettings {
  /** The issuer: the host's `PUBLIC_URL` (scheme://host[:port], no trailing slash). */
  issuer: string;
  /** The MCP resource, exactly as the protected-resource metadata says `resource` (`PUBLIC_URL` + MCP path). */
  resource: string;
  /** Every scope a token may carry, in the order the consent page lists them. */
  scopes: OAuthScopeDescription[];
  /** The host's personal-token prefix with its underscore (`kadu_`): such bearer tokens go to the personal-token verifier. */
  personalTokenPrefix: string;
  /** Lifetime of an access token, seconds. @default 3600 */
  accessTokenTtlSeconds?: number;
  /** Lifetime of a refresh token (each rotation starts a new one), seconds. @default 2592000 (30 days) */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of an authorization code, seconds. @default 60 */
  authorizationCodeTtlSeconds?: number;
  /** How long a person has to sign in and decide, seconds. @default 900 */
  interactionTtlSeconds?: number;
  /** How long a remembered consent (a grant) lasts, seconds. @default 31536000 (a year) */
  grantTtlSeconds?: number;
  /** Dynamic Client Registration per client address. @default { limit: 10, windowMs: 60000 } */
  registrationLimit?: OAuthRegistrationLimit;
  /** Interval of the sweep that deletes expired records, ms; 0 sweeps at start-up only. @default 600000 */
  pruneIntervalMs?: number;
  /**
   * A client of Dynamic Client Registration registered longer ago than this,
   * that no grant, code or token names, is deleted by the sweep, seconds.
   * Pre-registered clients never are. @default 2592000 (30 days)
   */
  unusedClientTtlSeconds?: number;
}

/** Settings with every default applied. */
export type ResolvedOAuthServerSettings = Required<OAuthServerSettings>;

/** Injection token of the {@link ResolvedOAuthServerSettings}. */
export const OAUTH_SERVER_SETTINGS = Symbol('OAuthServerSettings');

const DAY = 24 * 60 * 60;

/**
 * The defaults, merged here and nowhere else. `registrationsPerMinute` is the
 * environment's `OAUTH_REGISTRATIONS_PER_MINUTE`, when set: the per-address
 * registration limit over a one-minute window.
 */
export function resolveOAuthServerSettings(settings: OAuthServerSettings, registrationsPerMinute?: string): ResolvedOAuthServerSettings {
  const fromEnvironment = registrationsPerMinute === undefined || registrationsPerMinute.trim() === '' ? undefined : Number(registrationsPerMinute);
  if (fromEnvironment !== undefined && (!Number.isInteger(fromEnvironment) || fromEnvironment < 1)) {
    throw new Error(`OAUTH_REGISTRATIONS_PER_MINUTE must be a positive integer (got "${registrationsPerMinute}")`);
  }
  return {
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 30 * DAY,
    authorizationCodeTtlSeconds: 60,
    interactionTtlSeconds: 15 * 60,
    grantTtlSeconds: 365 * DAY,
    registrationLimit: { limit: 10, windowMs: 60_000 },
    pruneIntervalMs: 10 * 60_000,
    unusedClientTtlSeconds: 30 * DAY,
    ...settings,
    ...(fromEnvironment === undefined ? {} : { registrationLimit: { limit: fromEnvironment, windowMs: 60_000 } }),
    issuer: settings.issuer.replace(/\/+$/, ''),
  };
}
