import { Inject, Injectable } from '@nestjs/common';
import type { McpModuleOptions } from '@kobana/mcp';
import { KADU_LIMITS_OPTIONS, KaduLimitsOptions } from './kadu-limits.options';
import { KaduQueueAvailability } from './kadu-queue-availability.provider';
import { KaduRateLimitStore } from './kadu-rate-limit.store';

const MINUTE_MS = 60_000;

/** The limits part of Kadu's `McpModule` options (docs/protocol.md §6). */
@Injectable()
export class KaduMcpLimits {
  constructor(
    @Inject(KADU_LIMITS_OPTIONS) private readonly options: KaduLimitsOptions,
    private readonly store: KaduRateLimitStore,
    private readonly availability: KaduQueueAvailability,
  ) {}

  mcpOptions(): Pick<McpModuleOptions, 'rateLimit' | 'drain' | 'availability' | 'retryAfterOn503'> {
    const { readPerMinute, writePerMinute, runPerMinute, drainGraceMs } = this.options;
    return {
      rateLimit: {
        read: { limit: readPerMinute, ttlMs: MINUTE_MS },
        write: { limit: writePerMinute, ttlMs: MINUTE_MS },
        run: { limit: runPerMinute, ttlMs: MINUTE_MS },
        storage: this.store.storage,
      },
      drain: { graceMs: drainGraceMs },
      availability: this.availability,
      retryAfterOn503: true,
    };
  }
}
