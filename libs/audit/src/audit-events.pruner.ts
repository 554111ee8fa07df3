import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Kysely } from 'kysely';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings } from './audit-trail.settings';
import { AuditMessages } from './audit.messages';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes events older than `retentionDays`: at start-up, then every
 * `pruneIntervalMs` on an unref'd timer (never keeps a process alive),
 * stopped at shutdown. Every replica sweeps; the delete is idempotent.
 */
@Injectable()
export class AuditEventsPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditEventsPruner.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>,
    @Inject(AUDIT_TRAIL_SETTINGS) private readonly settings: AuditTrailSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    if (this.settings.pruneIntervalMs > 0) this.timer = setInterval(() => void this.sweep(), this.settings.pruneIntervalMs).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Deletes the events older than the retention as of `now`; answers how many. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.settings.retentionDays * DAY_MS).toISOString();
    const result = await this.db.deleteFrom('audit_events').where('time', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // A failed sweep (database away) is logged and retried at the next tick; it never stops start-up.
  private async sweep(): Promise<void> {
    try {
      await this.prune();
    } catch (error) {
      this.logger.warn(AuditMessages.pruneFailed(error instanceof Error ? error.message : String(error)));
    }
  }
}
