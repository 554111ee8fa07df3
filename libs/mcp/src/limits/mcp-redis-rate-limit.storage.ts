import { McpRateLimitStorage } from '../interfaces/mcp-rate-limit-storage.interface';

/** The part of an `ioredis` client (or cluster) this store uses, so the module does not depend on ioredis itself. */
export interface McpRedisClient {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * One round trip, atomic on the server: a fixed window per key, and an
 * optional block once the limit is passed. Answers
 * [hits, ms to window end, blocked 0/1, ms to block end].
 */
const INCREMENT = `
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl > 0 then
  return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), 1, blockTtl}
end
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  local block = tonumber(ARGV[3])
  if block > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    return {hits, ttl, 1, block}
  end
  return {hits, ttl, 1, ttl}
end
return {hits, ttl, 0, 0}
`;

/**
 * A {@link McpRateLimitStorage} in Redis, shared by every replica: the count
 * for a caller is the same whichever replica the load balancer picks. The
 * host owns the client (creates, configures and closes it).
 *
 * @example
 * ```ts
 * rateLimit: { storage: new McpRedisRateLimitStorage(new Redis(process.env.REDIS_URL)) }
 * ```
 */
export class McpRedisRateLimitStorage implements McpRateLimitStorage {
  constructor(
    private readonly client: McpRedisClient,
    /** Prefix of this application's keys, when several share one Redis. */
    private readonly prefix = '',
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): ReturnType<McpRateLimitStorage['increment']> {
    const base = `${this.prefix}${key}:${throttlerName}`;
    const reply = (await this.client.eval(INCREMENT, 2, `${base}:hits`, `${base}:block`, ttl, limit, blockDuration)) as number[];
    const [totalHits, windowMs, blocked, blockMs] = reply.map(Number);
    return {
      totalHits,
      timeToExpire: Math.ceil(windowMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: blocked === 1 ? Math.ceil(blockMs / 1000) : 0,
    };
  }
}
