import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { McpRedisRateLimitStorage } from '@kobana/mcp';
import type { McpRateLimitStorage } from '@kobana/mcp';
import { KADU_LIMITS_OPTIONS, KaduLimitsOptions } from './kadu-limits.options';
import { KaduLimitsMessages } from './kadu-limits.messages';

/** Prefix of Kadu's keys, should the Redis be shared with other applications. */
const KEY_PREFIX = 'kadu:';

/**
 * The rate-limit store: Redis when `KADU_REDIS_URL` is set (replicas share
 * one budget per caller), else `undefined` and the module counts in memory.
 * Owns the Redis connection: connected before the server listens (start-up
 * fails if Redis cannot be reached), closed after the HTTP server.
 *
 * A Redis that goes away never ends the process: ioredis emits `error` on
 * each failed reconnection, and an emitter's `error` without a listener is
 * an exit (or, in ioredis, a line per attempt). Heard here, it is logged
 * once per outage, and the return once; meanwhile each call fails at once
 * (no offline queue) or after `KADU_REDIS_COMMAND_TIMEOUT_MS`, and is
 * answered 503 + `Retry-After` by the rate limiter.
 */
@Injectable()
export class KaduRateLimitStore implements OnModuleInit, OnApplicationShutdown {
  private readonly client?: Redis;
  /** The store to hand to `McpModule`, or `undefined` for its in-memory default. */
  readonly storage?: McpRateLimitStorage;

  constructor(@Inject(KADU_LIMITS_OPTIONS) options: KaduLimitsOptions) {
    if (!options.redisUrl) return;
    // Fail a call fast rather than queue it while Redis is away: the request then errors instead of hanging.
    this.client = new Redis(options.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: options.redisCommandTimeoutMs,
    });
    this.client.on('error', (error: Error & { code?: unknown }) => this.lost(error));
    this.client.on('ready', () => this.restored());
    this.storage = new McpRedisRateLimitStorage(this.client, KEY_PREFIX);
  }

  private readonly logger = new Logger('Redis');
  private down = false;
  private suppressed = 0;

  /** Whether a Redis is configured (`KADU_REDIS_URL`), and so checked by `GET /readyz`. */
  get usesRedis(): boolean {
    return this.client !== undefined;
  }

  /** Resolves when Redis answers PING; rejects otherwise (also without a Redis configured). */
  async ping(): Promise<void> {
    if (!this.client) throw new Error('No Redis configured');
    await this.client.ping();
  }

  /** The first error of an outage, by its code (never the message, which may hold the URL and its password). */
  private lost(error: Error & { code?: unknown }): void {
    if (this.down) {
      this.suppressed++;
      return;
    }
    this.down = true;
    this.suppressed = 0;
    this.logger.warn(KaduLimitsMessages.redisLost(typeof error.code === 'string' ? error.code : error.name));
  }

  private restored(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log(KaduLimitsMessages.redisRestored(this.suppressed));
  }

  async onModuleInit(): Promise<void> {
    await this.client?.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
