import { Inject, Injectable, Logger } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpHttpRequest } from '../interfaces/mcp-request.interface';
import { McpToolRegistry } from '../discovery/mcp-tool.registry';
import { mcpState } from '../transport/mcp-request-state.util';
import { McpAvailability } from '../interfaces/mcp-availability.interface';
import { McpRateLimitStorage } from '../interfaces/mcp-rate-limit-storage.interface';
import { rateLimitClassOf } from './mcp-rate-limit-class.policy';
import { rateLimitKey } from './mcp-rate-limit-key.util';
import { rateLimited, unavailable } from '../errors/mcp-limits.error';
import { McpLimitsMessages } from './mcp-limits.messages';
import { McpRateLimitClass, McpRateLimitRule } from '../interfaces/mcp-limits-options.interface';
import { McpCaller } from '../interfaces/mcp-caller.interface';

/** The throttler name hits are recorded under, for stores that keep one counter per name. */
const THROTTLER_NAME = 'mcp';
/** `Retry-After` while the rate-limit store cannot be reached. */
const STORE_DOWN_RETRY_AFTER_SECONDS = 1;

/**
 * Step 11, after the era, headers and envelope are settled and before the
 * method runs: the caller's budget for the class of call (429 -32029 when
 * spent), then the host's availability (503 -32030). Either way nothing runs.
 * Notifications never get here: the controller answers them 202 first
 * (they run nothing, so they are not counted). A store that cannot be
 * reached fails closed (503, retryable): an unlimited endpoint is the
 * outcome an attacker would take down the store for.
 *
 * The controller calls it first thing in its handler, which runs after the
 * step-10 guard: a plain awaited call rather than an interceptor,
 * whose async-context bind and rxjs pipeline every request would pay.
 *
 * A host may have the module build a subclass instead (`overrides` of
 * `McpModule.forRoot()`), whose `Overridable` steps then run in their place.
 */
@Injectable()
export class McpRateLimiter {
  private readonly logger = new Logger('McpModule');

  /** Calls refused since the store last failed an increment; 0 while it answers. */
  private refusedSinceStoreFailed = 0;

  constructor(
    @Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions,
    @Inject(McpRateLimitStorage) private readonly storage: McpRateLimitStorage,
    @Inject(McpAvailability) private readonly availability: McpAvailability,
    private readonly tools: McpToolRegistry,
  ) {}

  /**
   * Overridable: throws when the request may not run now.
   *
   * @throws JsonRpcException 429 -32029 over the budget, 503 -32030 when unavailable or the store is down.
   */
  async admit(request: McpHttpRequest): Promise<void> {
    const message = mcpState(request).message!;
    const caller = request.user!;
    const toolName = message.method === 'tools/call' && typeof message.params?.name === 'string' ? message.params.name : undefined;
    const toolClass = rateLimitClassOf(message.method, toolName === undefined ? undefined : this.tools.get(toolName));
    const rules = this.options.rateLimit;
    if (rules) await this.count(caller, toolClass, rules[toolClass]);
    const retryAfter = await this.availability.unavailableFor({ caller, method: message.method, toolName, toolClass });
    if (retryAfter !== undefined) throw unavailable(retryAfter, this.options.retryAfterOn503);
  }

  private async count(caller: McpCaller, toolClass: McpRateLimitClass, { ttlMs, limit }: McpRateLimitRule): Promise<void> {
    let record: Awaited<ReturnType<McpRateLimitStorage['increment']>>;
    try {
      record = await this.storage.increment(rateLimitKey(caller, toolClass), ttlMs, limit, 0, THROTTLER_NAME);
    } catch (error) {
      // One line per outage, not one per refused call: a busy replica would otherwise log thousands a minute.
      if (this.refusedSinceStoreFailed++ === 0) this.logger.error(McpLimitsMessages.storeUnavailable((error as Error)?.message ?? String(error)));
      throw unavailable(STORE_DOWN_RETRY_AFTER_SECONDS, this.options.retryAfterOn503);
    }
    if (this.refusedSinceStoreFailed > 0) {
      this.logger.log(McpLimitsMessages.storeBack(this.refusedSinceStoreFailed));
      this.refusedSinceStoreFailed = 0;
    }
    if (record.isBlocked) throw rateLimited(record.timeToBlockExpire);
  }
}
