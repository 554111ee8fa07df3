/** Gives back a slot taken with {@link ClientMetadataFetchSlots.take}; a second call does nothing. */
export type ReleaseFetchSlot = () => void;

/**
 * Bounds the metadata-document fetches in flight: at most `perHost` to one
 * document host, at most `total` in all. A fetch that finds no slot fails at
 * once rather than waiting: it would wait for fetches that each may take
 * the whole timeout, holding the client's request meanwhile, and the client
 * retries as it would after any failure (see `docs/security-model.md`,
 * "Client metadata documents: errors and fetches in flight").
 */
export class ClientMetadataFetchSlots {
  private readonly byHost = new Map<string, number>();
  private inFlight = 0;

  constructor(
    private readonly perHost: number,
    private readonly total: number,
  ) {}

  /** A slot for a fetch from `host`, or `null` when that host's or the overall bound is reached. */
  take(host: string): ReleaseFetchSlot | null {
    const held = this.byHost.get(host) ?? 0;
    if (held >= this.perHost || this.inFlight >= this.total) return null;
    this.byHost.set(host, held + 1);
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      const left = (this.byHost.get(host) ?? 1) - 1;
      if (left > 0) this.byHost.set(host, left);
      else this.byHost.delete(host);
    };
  }

  /** Fetches in flight now, for one host or in all. */
  active(host?: string): number {
    return host === undefined ? this.inFlight : (this.byHost.get(host) ?? 0);
  }
}
