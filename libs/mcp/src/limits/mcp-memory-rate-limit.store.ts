import { OnApplicationShutdown } from '@nestjs/common';
import { McpRateLimitStorage } from '../interfaces/mcp-rate-limit-storage.interface';
import { MCP_RATE_LIMIT_SUB_WINDOWS } from './mcp-limits.options';

type IncrementRecord = Awaited<ReturnType<McpRateLimitStorage['increment']>>;

/** Sub-windows a ttl is cut into (see {@link MCP_RATE_LIMIT_SUB_WINDOWS}). */
const BUCKETS = MCP_RATE_LIMIT_SUB_WINDOWS;
/** How often idle callers are dropped, so memory follows the active callers only. */
const SWEEP_INTERVAL_MS = 60_000;

/** One caller's counts: a ring of sub-window counters, oldest first from `head`. */
interface Bucket {
  ttl: number;
  /** Hits admitted per sub-window. */
  readonly counts: Uint32Array;
  /** Time of the newest hit of each sub-window: the sub-window is forgotten one ttl after it. */
  readonly newest: Float64Array;
  /** Sub-window index (time / width) of each slot, to tell a live slot from a stale one. */
  readonly index: Float64Array;
  /** Slot of the oldest live sub-window, and how many are live. */
  head: number;
  live: number;
  /** Hits admitted in the live sub-windows. */
  total: number;
  /** End of a block asked for with `blockDuration` (0: none). */
  blockedUntil: number;
  /** Time of the newest admitted hit, for the sweep. */
  last: number;
}

/**
 * The single-process default {@link McpRateLimitStorage}: a ring of
 * sub-window counters per caller, so a call costs the same at a budget of 600
 * or 60,000 a minute (the exact log kept one timestamp per hit and filtered
 * them all on every call). Never admits more than `limit` within any span of
 * `ttl`: a hit counts until its sub-window's newest hit is `ttl` old.
 * `Retry-After` is the time until enough of the oldest hits are forgotten for
 * one more to pass. Refused calls are not counted, as with the exact log.
 */
export class McpMemoryRateLimitStorage implements McpRateLimitStorage, OnApplicationShutdown {
  private readonly buckets = new Map<string, Bucket>();
  private sweeper?: NodeJS.Timeout;

  /** The storage contract of `@nestjs/throttler`; `throttlerName` is part of the key. */
  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<IncrementRecord> {
    return this.hit(`${key}\u0000${throttlerName}`, ttl, limit, blockDuration, Date.now());
  }

  /** Stops the sweep and forgets every count (Nest calls it on shutdown). */
  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.buckets.clear();
  }

  /** One call at `now`: admitted and counted, or refused with the seconds to wait. */
  private hit(id: string, ttl: number, limit: number, blockDuration: number, now: number): IncrementRecord {
    const bucket = this.bucketOf(id, ttl);
    if (bucket.blockedUntil > now) return refusal(bucket, ttl, Math.ceil((bucket.blockedUntil - now) / 1000));
    this.forgetExpired(bucket, now);
    if (bucket.total >= limit) {
      if (blockDuration > 0) {
        bucket.blockedUntil = now + blockDuration;
        return refusal(bucket, ttl, Math.ceil(blockDuration / 1000));
      }
      return refusal(bucket, ttl, secondsUntilRoom(bucket, limit, now));
    }
    this.count(bucket, now);
    return { totalHits: bucket.total, timeToExpire: Math.ceil(ttl / 1000), isBlocked: false, timeToBlockExpire: 0 };
  }

  private bucketOf(id: string, ttl: number): Bucket {
    let bucket = this.buckets.get(id);
    // A changed ttl (a host's rule edited between calls) starts the caller over rather than mixing widths.
    if (bucket === undefined || bucket.ttl !== ttl) {
      bucket = {
        ttl,
        counts: new Uint32Array(BUCKETS + 1),
        newest: new Float64Array(BUCKETS + 1),
        index: new Float64Array(BUCKETS + 1),
        head: 0,
        live: 0,
        total: 0,
        blockedUntil: 0,
        last: 0,
      };
      this.buckets.set(id, bucket);
      this.startSweep();
    }
    return bucket;
  }

  /** Drops the oldest sub-windows whose newest hit is a ttl old: each is dropped once, so this is O(1) amortized and at most BUCKETS + 1 steps. */
  private forgetExpired(bucket: Bucket, now: number): void {
    while (bucket.live > 0 && bucket.newest[bucket.head] + bucket.ttl <= now) {
      bucket.total -= bucket.counts[bucket.head];
      bucket.counts[bucket.head] = 0;
      bucket.head = (bucket.head + 1) % bucket.counts.length;
      bucket.live--;
    }
  }

  private count(bucket: Bucket, now: number): void {
    const slots = bucket.counts.length;
    const index = Math.floor(now / (bucket.ttl / BUCKETS));
    const tail = (bucket.head + bucket.live - 1) % slots;
    if (bucket.live === 0 || bucket.index[tail] !== index) {
      // A new sub-window. The ring holds BUCKETS + 1 of them, more than fit in a ttl, so the oldest has been forgotten
      // by now unless the clock went back; then it merges into the newest rather than overwrite counted hits.
      if (bucket.live === slots) {
        bucket.index[tail] = index;
      } else {
        const slot = (bucket.head + bucket.live) % slots;
        bucket.index[slot] = index;
        bucket.counts[slot] = 0;
        bucket.live++;
      }
    }
    const slot = (bucket.head + bucket.live - 1) % slots;
    bucket.counts[slot]++;
    bucket.newest[slot] = Math.max(bucket.newest[slot], now);
    bucket.total++;
    bucket.last = now;
  }

  private startSweep(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(Date.now()), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  /** Forgets callers with no live hit and no block. */
  private sweep(now: number): void {
    for (const [id, bucket] of this.buckets) {
      if (bucket.last + bucket.ttl <= now && bucket.blockedUntil <= now) this.buckets.delete(id);
    }
  }
}

function refusal(bucket: Bucket, ttl: number, seconds: number): IncrementRecord {
  return { totalHits: bucket.total + 1, timeToExpire: Math.ceil(ttl / 1000), isBlocked: true, timeToBlockExpire: Math.max(seconds, 1) };
}

/** Seconds until the oldest sub-windows are forgotten and the live hits fall below `limit` (O(BUCKETS), refusals only). */
function secondsUntilRoom(bucket: Bucket, limit: number, now: number): number {
  let left = bucket.total;
  for (let step = 0; step < bucket.live; step++) {
    const slot = (bucket.head + step) % bucket.counts.length;
    left -= bucket.counts[slot];
    if (left < limit) return Math.ceil((bucket.newest[slot] + bucket.ttl - now) / 1000);
  }
  return Math.ceil(bucket.ttl / 1000);
}
