import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { KADU_LIMITS_OPTIONS, kaduLimitsOptions } from './kadu-limits.options';
import { KaduMcpLimits } from './kadu-mcp-limits.options';
import { KaduQueueAvailability } from './kadu-queue-availability.provider';
import { KaduRateLimitStore } from './kadu-rate-limit.store';

/** Rate limits, draining and the saturation hook Kadu hands to `McpModule`. */
@Module({
  providers: [
    { provide: KADU_LIMITS_OPTIONS, inject: [ConfigService], useFactory: kaduLimitsOptions },
    KaduRateLimitStore,
    KaduQueueAvailability,
    KaduMcpLimits,
  ],
  exports: [KaduMcpLimits, KaduRateLimitStore],
})
export class KaduLimitsModule {}
