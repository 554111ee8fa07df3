import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { PeriodicPruner } from '@kobana/database';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host.table';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings } from './audit-trail.options';
import { AuditMessages } from './audit.messages';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes events older than `retentionDays`: at start-up, then every
 * `pruneIntervalMs` on an unref'd timer (never keeps a process alive),
 * stopped at shutdown. Every replica sweeps; the delete is idempotent.
 */
@Injectable()
export class AuditEventsPruner extends PeriodicPruner {
  constructor(
    @Inject(AUDIT_DATABASE) private readonly db: Kysely<AuditDatabase>,
    @Inject(AUDIT_TRAIL_SETTINGS) private readonly settings: AuditTrailSettings,
  ) {
    super({ name: AuditEventsPruner.name, intervalMs: settings.pruneIntervalMs, failed: AuditMessages.pruneFailed });
  }

  /** Deletes the events older than the retention as of `now`; answers how many. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.settings.retentionDays * DAY_MS).toISOString();
    const result = await this.db.deleteFrom('audit_events').where('time', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
