import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';
import { McpLimitsMessages } from './mcp-limits.messages';

/**
 * Draining for shutdown: once started, new MCP requests are answered 503
 * (see `McpDrainGuard`) while the ones in flight finish, for at most the
 * grace period.
 *
 * It starts on `onModuleDestroy`, the first hook of Nest's shutdown: the
 * module sits above the host's feature and database modules, so its hook
 * runs before theirs and requests in flight still find their database open.
 * `beforeApplicationShutdown` joins the same drain for hosts that close in
 * another order. Hosts may also call {@link drain} themselves (e.g. on a
 * readiness probe's signal).
 */
@Injectable()
export class McpDrainService implements OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger('McpModule');
  private inFlight = 0;
  private draining?: Promise<void>;
  private idle?: () => void;

  constructor(@Inject(MCP_RESOLVED_OPTIONS) private readonly options: McpResolvedOptions) {}

  /** Whether new requests are refused. */
  get isDraining(): boolean {
    return this.draining !== undefined;
  }

  /** Requests being served right now. */
  get inFlightCount(): number {
    return this.inFlight;
  }

  /** Counts a request in; call the returned function once, when its response is over. */
  track(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) this.idle?.();
    };
  }

  /** Starts refusing new requests and resolves when those in flight are done or the grace period is over. Idempotent. */
  drain(): Promise<void> {
    this.draining ??= this.waitForInFlight(this.options.drain.graceMs);
    return this.draining;
  }

  onModuleDestroy(): Promise<void> {
    return this.drain();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.drain();
  }

  private async waitForInFlight(graceMs: number): Promise<void> {
    if (this.inFlight === 0) return;
    this.logger.log(McpLimitsMessages.drainStarted(this.inFlight, graceMs));
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => (this.idle = () => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!finished) this.logger.warn(McpLimitsMessages.drainTimedOut(this.inFlight));
  }
}
