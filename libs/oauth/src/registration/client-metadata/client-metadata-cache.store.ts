import type { ClientMetadataDocument } from '../../interfaces/client-metadata-source.interface';
import type { ResolvedClientMetadataOptions } from './client-metadata.options';

/** What is remembered of one URL: its document, or why it failed. */
export type ClientMetadataCacheEntry = { document: ClientMetadataDocument; error?: undefined } | { error: Error; document?: undefined };

/**
 * Seconds a document may be reused, from its `Cache-Control` header:
 * `no-store` or `no-cache` → 0 (fetched every time), `max-age=N` → N capped
 * at `maxCacheSeconds`, none → `defaultCacheSeconds`.
 */
export function freshnessSeconds(
  cacheControl: string | undefined,
  options: Pick<ResolvedClientMetadataOptions, 'defaultCacheSeconds' | 'maxCacheSeconds'>,
): number {
  const directives = (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return 0;
  const maxAge = directives.map((directive) => /^max-age="?(\d+)"?$/.exec(directive)).find(Boolean);
  const seconds = maxAge ? Number(maxAge[1]) : options.defaultCacheSeconds;
  return Math.min(seconds, options.maxCacheSeconds);
}

/**
 * Documents and failures by URL, each until it expires, at most
 * `maxEntries` of them: the least recently used goes first. In memory, per
 * process: each replica fetches a document on its own.
 */
export class ClientMetadataCache {
  private readonly entries = new Map<string, { entry: ClientMetadataCacheEntry; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** The entry of `url` while it is fresh, marked as the most recently used. */
  get(url: string): ClientMetadataCacheEntry | undefined {
    const held = this.entries.get(url);
    if (!held) return undefined;
    this.entries.delete(url);
    if (held.expiresAt <= this.now()) return undefined;
    this.entries.set(url, held);
    return held.entry;
  }

  /** Keeps `entry` for `seconds` (nothing when 0), dropping the least recently used past the bound. */
  set(url: string, entry: ClientMetadataCacheEntry, seconds: number): void {
    this.entries.delete(url);
    if (seconds <= 0 || this.maxEntries <= 0) return;
    this.entries.set(url, { entry, expiresAt: this.now() + seconds * 1000 });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Entries held, fresh or not yet dropped. */
  get size(): number {
    return this.entries.size;
  }
}
