/** How client metadata documents are fetched and cached. Every option has a default. */
export interface ClientMetadataOptions {
  /**
   * Development only: documents may also be served from loopback
   * (`https://localhost`, `https://127.0.0.1`, `https://[::1]`, or a name that
   * resolves there); every other non-public address stays refused. Refused
   * with NODE_ENV=production (see {@link ClientMetadataOptions.production}).
   * @default false
   */
  allowLoopback?: boolean;
  /** The setting that turned `allowLoopback` on, named in the production refusal. @default 'allowLoopback' */
  allowLoopbackSetting?: string;
  /** Whether this is production, where `allowLoopback` is refused. @default process.env.NODE_ENV === 'production' */
  production?: boolean;
  /**
   * PEM text of an extra certificate authority trusted besides the system's,
   * so tests can serve documents with a self-signed certificate. Empty in production.
   * @default none
   */
  ca?: string;
  /** For the whole fetch, connection included. @default 5000 (5 s) */
  timeoutMs?: number;
  /** Largest document accepted: the draft recommends a small limit (5 kB); a real document is a few hundred bytes. @default 5120 (5 KiB) */
  maxDocumentBytes?: number;
  /** Freshness when the answer has no `Cache-Control` max-age. @default 300 (5 minutes) */
  defaultCacheSeconds?: number;
  /** Ceiling of a `Cache-Control: max-age`, so a changed document is seen within a day at the latest. @default 86400 (24 h) */
  maxCacheSeconds?: number;
  /** How long a failure is remembered, so a bad URL is not fetched on every request. @default 30 */
  failureCacheSeconds?: number;
  /** Documents (and failures) kept in memory, least recently used dropped first. @default 1000 */
  maxCacheEntries?: number;
  /**
   * Fetches in flight to one document host (its name or address as the URL
   * writes it); past it a fetch of another document there fails at once.
   * Several resolutions of one URL share a fetch. @default 4
   */
  maxFetchesPerHost?: number;
  /** Fetches in flight in all, whatever the host; past it a fetch fails at once. @default 32 */
  maxFetches?: number;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
}

/** {@link ClientMetadataOptions} with every default applied. */
export type ResolvedClientMetadataOptions = Required<Omit<ClientMetadataOptions, 'ca'>> & { ca: string | undefined };

/** Applies the defaults: the one place they live. */
export function resolveClientMetadataOptions(options: ClientMetadataOptions = {}): ResolvedClientMetadataOptions {
  return {
    allowLoopback: options.allowLoopback ?? false,
    allowLoopbackSetting: options.allowLoopbackSetting ?? 'allowLoopback',
    production: options.production ?? process.env.NODE_ENV === 'production',
    ca: options.ca?.trim() ? options.ca : undefined,
    timeoutMs: options.timeoutMs ?? 5000,
    maxDocumentBytes: options.maxDocumentBytes ?? 5 * 1024,
    defaultCacheSeconds: options.defaultCacheSeconds ?? 300,
    maxCacheSeconds: options.maxCacheSeconds ?? 86_400,
    failureCacheSeconds: options.failureCacheSeconds ?? 30,
    maxCacheEntries: options.maxCacheEntries ?? 1000,
    maxFetchesPerHost: options.maxFetchesPerHost ?? 4,
    maxFetches: options.maxFetches ?? 32,
    now: options.now ?? Date.now,
  };
}
