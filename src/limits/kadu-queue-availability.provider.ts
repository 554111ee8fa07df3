import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import type { McpAvailability, McpAvailabilityCall } from '@kobana/mcp';
import { messageOnDatabaseError, retryAfterOnDatabaseError } from '@kobana/database';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { KADU_LIMITS_OPTIONS, KaduLimitsOptions } from './kadu-limits.options';

/** The tools that add to the execution queue. */
const QUEUEING_TOOLS = new Set(['kadu_tasks_run', 'kadu_executions_continue']);
/** How long one count of the queue stands for it, so a burst of runs costs one COUNT. */
const QUEUE_DEPTH_TTL_MS = 1000;
/** What a saturated queue tells the client: the worker drains it meanwhile. */
const SATURATED_RETRY_AFTER_SECONDS = 10;

/**
 * Kadu's answer to "take this call now?": a call that would queue one more
 * execution is refused (503) while the queue holds `KADU_EXECUTION_QUEUE_MAX`
 * or more; and a locked or busy database (see {@link retryAfterOnDatabaseError})
 * is a passing fault the client retries, not an internal error.
 */
@Injectable()
export class KaduQueueAvailability implements McpAvailability {
  private depth?: { value: number; at: number };

  constructor(
    @InjectDatabase() private readonly db: Kysely<KaduDatabase>,
    @Inject(KADU_LIMITS_OPTIONS) private readonly options: KaduLimitsOptions,
  ) {}

  async unavailableFor(call: McpAvailabilityCall): Promise<number | undefined> {
    const max = this.options.executionQueueMax;
    if (max === 0 || call.toolName === undefined || !QUEUEING_TOOLS.has(call.toolName)) return undefined;
    return (await this.queueDepth()) >= max ? SATURATED_RETRY_AFTER_SECONDS : undefined;
  }

  retryAfterOnError(error: unknown): number | undefined {
    return retryAfterOnDatabaseError(error);
  }

  messageOnError(error: unknown): string | undefined {
    return messageOnDatabaseError(error);
  }

  private async queueDepth(): Promise<number> {
    const now = Date.now();
    if (this.depth && now - this.depth.at < QUEUE_DEPTH_TTL_MS) return this.depth.value;
    const row = await this.db
      .selectFrom('executions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    this.depth = { value: Number(row.n), at: now };
    return this.depth.value;
  }
}
