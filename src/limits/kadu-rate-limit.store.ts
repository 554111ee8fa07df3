import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { McpRedisRateLimitStorage } from '@kobana/mcp';
import type { McpRateLimitStorage } from '@kobana/mcp';
import { KADU_LIMITS_OPTIONS, KaduLimitsOptions } from './kadu-limits.options';

/** Prefix of Kadu's keys, should the Redis be shared with other applications. */
const KEY_PREFIX = 'kadu:';

/**
 * The rate-limit store: Redis when `KADU_REDIS_URL` is set (replicas share
 * one budget per caller), else `undefined` and the module counts in memory.
 * Owns the Redis connection: connected before the server listens (start-up
 * fails if Redis cannot be reached), closed after the HTTP server.
 */
@Injectable()
export class KaduRateLimitStore implements OnModuleInit, OnApplicationShutdown {
  private readonly client?: Redis;
  /** The store to hand to `McpModule`, or `undefined` for its in-memory default. */
  readonly storage?: McpRateLimitStorage;

  constructor(@Inject(KADU_LIMITS_OPTIONS) options: KaduLimitsOptions) {
    if (!options.redisUrl) return;
    // Fail a call fast rather than queue it while Redis is away: the request then errors instead of hanging.
    this.client = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.storage = new McpRedisRateLimitStorage(this.client, KEY_PREFIX);
  }

  /** Whether a Redis is configured (`KADU_REDIS_URL`), and so checked by `GET /readyz`. */
  get usesRedis(): boolean {
    return this.client !== undefined;
  }

  /** Resolves when Redis answers PING; rejects otherwise (also without a Redis configured). */
  async ping(): Promise<void> {
    if (!this.client) throw new Error('No Redis configured');
    await this.client.ping();
  }

  async onModuleInit(): Promise<void> {
    await this.client?.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => this.client?.disconnect());
  }
}
