import { Provider } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpAvailability } from '../interfaces/mcp-availability.interface';
import { McpRateLimitStorage } from '../interfaces/mcp-rate-limit-storage.interface';
import { McpDrainService } from './mcp-drain.service';
import { McpRateLimiter } from './mcp-rate-limiter.service';
import { McpMemoryRateLimitStorage } from './mcp-memory-rate-limit.store';

/** The limits part of `McpModule`: storage and availability from the options, draining, and the rate limiter (the drain guard is with the other guards). */
export const MCP_LIMITS_PROVIDERS: Provider[] = [
  {
    provide: McpRateLimitStorage,
    inject: [MCP_RESOLVED_OPTIONS],
    // The in-memory default is a provider instance, so Nest calls its shutdown hook (it stops its sweep timer).
    useFactory: (options: McpResolvedOptions) => (options.rateLimit && options.rateLimit.storage) || new McpMemoryRateLimitStorage(),
  },
  { provide: McpAvailability, inject: [MCP_RESOLVED_OPTIONS], useFactory: (options: McpResolvedOptions) => options.availability },
  McpDrainService,
  McpRateLimiter,
];
