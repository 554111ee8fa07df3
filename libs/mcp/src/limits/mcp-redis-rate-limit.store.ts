import { McpRateLimitStorage } from '../interfaces/mcp-rate-limit-storage.interface';
import { MCP_RATE_LIMIT_SUB_WINDOWS } from './mcp-limits.options';

/** The part of an `ioredis` client (or cluster) this store uses, so the module does not depend on ioredis itself. */
export interface McpRedisClient {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * One round trip, atomic on the server, the in-memory store's counting
 * (see `McpMemoryRateLimitStorage`): a hash of sub-window index → "count:newest
 * hit", at most ttl / sub-windows + 1 fields, so a call costs the same at any
 * budget. A sub-window is forgotten when its newest hit is a ttl old; the
 * clock is Redis's own, so replicas whose clocks differ count alike. A block
 * asked for with blockDuration is a key of its own. Answers
 * [hits, refused 0/1, ms until a call may pass].
 */
const INCREMENT = `
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl, limit, block, width = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[1]) / tonumber(ARGV[4])
local fields = redis.call('HGETALL', KEYS[1])
local total, live = 0, {}
for i = 1, #fields, 2 do
  local split = string.find(fields[i + 1], ':', 1, true)
  local count, newest = tonumber(string.sub(fields[i + 1], 1, split - 1)), tonumber(string.sub(fields[i + 1], split + 1))
  if newest + ttl <= now then
    redis.call('HDEL', KEYS[1], fields[i])
  else
    total = total + count
    live[#live + 1] = { tonumber(fields[i]), count, newest }
  end
end
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then return { total + 1, 1, blocked } end
if total >= limit then
  if block > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    return { total + 1, 1, block }
  end
  table.sort(live, function(a, b) return a[1] < b[1] end)
  local left = total
  for _, window in ipairs(live) do
    left = left - window[2]
    if left < limit then return { total + 1, 1, window[3] + ttl - now } end
  end
  return { total + 1, 1, ttl }
end
local index = string.format('%d', math.floor(now / width))
local current = redis.call('HGET', KEYS[1], index)
local count, newest = 1, now
if current then
  local split = string.find(current, ':', 1, true)
  count = tonumber(string.sub(current, 1, split - 1)) + 1
  newest = math.max(tonumber(string.sub(current, split + 1)), now)
end
redis.call('HSET', KEYS[1], index, string.format('%d:%d', count, newest))
redis.call('PEXPIRE', KEYS[1], ttl)
return { total + 1, 0, 0 }
`;

/**
 * A {@link McpRateLimitStorage} in Redis, shared by every replica: the count
 * for a caller is the same whichever replica the load balancer picks, and it
 * is counted as the in-memory default counts (never more than `limit` within
 * any span of `ttl`; `Retry-After` until the oldest hits make room), in one
 * round trip whatever the budget. The host owns the client (creates,
 * configures and closes it). Needs Redis 3.2 or later (the script reads the
 * server's clock).
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
    const reply = (await this.client.eval(INCREMENT, 2, `${base}:windows`, `${base}:block`, ttl, limit, blockDuration, MCP_RATE_LIMIT_SUB_WINDOWS)) as number[];
    const [totalHits, refused, waitMs] = reply.map(Number);
    return {
      totalHits,
      timeToExpire: Math.ceil(ttl / 1000),
      isBlocked: refused === 1,
      timeToBlockExpire: refused === 1 ? Math.max(Math.ceil(waitMs / 1000), 1) : 0,
    };
  }
}
