import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { deleteInBatches, PeriodicPruner } from '@kobana/database';
import { AUDIT_DATABASE, AuditDatabase } from './audit-host.table';
import { AUDIT_TRAIL_SETTINGS, AuditTrailSettings } from './audit-trail.options';
import { AuditMessages } from './audit.messages';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes events older than `retentionDays`: after the server listens, then
 * every `pruneIntervalMs` on an unref'd timer (never keeps a process alive),
 * stopped at shutdown. Every replica sweeps; the delete is idempotent.
 *
 * A sweep goes one organization at a time, oldest events first, through
 * `audit_events_organization_time_idx`, in batches of `DELETE_BATCH_ROWS`
 * with a rest between them three times as long as the batch took
 * (`deleteInBatches`): a backlog of a million events never holds SQLite's
 * write lock for more than a batch, nor the process for most of its time.
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
    const organizations = await this.db.selectFrom('organizations').select('id').execute();
    let total = 0;
    for (const { id } of organizations) {
      total += await deleteInBatches(async (limit) => {
        const oldest = this.db
          .selectFrom('audit_events')
          .select('id')
          .where('organization_id', '=', id)
          .where('time', '<', before)
          .orderBy('time')
          .limit(limit);
        const result = await this.db.deleteFrom('audit_events').where('id', 'in', oldest).executeTakeFirst();
        return result.numDeletedRows;
      });
    }
    return total;
  }
}
