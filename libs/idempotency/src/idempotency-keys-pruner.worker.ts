import { Inject, Injectable } from '@nestjs/common';
import { Kysely, sql } from 'kysely';
import { deleteInBatches, PeriodicPruner } from '@kobana/database';
import { IDEMPOTENCY_DATABASE, IDEMPOTENCY_SETTINGS, IdempotencySettings } from './idempotency.options';
import { IdempotencyMessages } from './idempotency.messages';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.service';
import type { IdempotencyDatabase } from './idempotency.table';

/**
 * Deletes the keys older than the replay window (`IDEMPOTENCY_WINDOW_MS`):
 * such a key is never replayed again (a repeat runs as a new write), so its
 * row and stored response are dead weight. Oldest first through
 * `idempotency_keys_created_at_idx`, in batches with a turn of the event
 * loop between them; after start-up, then every `pruneIntervalMs`. Every
 * replica sweeps; the delete is idempotent.
 */
@Injectable()
export class IdempotencyKeysPruner extends PeriodicPruner {
  constructor(
    @Inject(IDEMPOTENCY_DATABASE) private readonly db: Kysely<IdempotencyDatabase>,
    @Inject(IDEMPOTENCY_SETTINGS) settings: IdempotencySettings,
  ) {
    super({ name: IdempotencyKeysPruner.name, intervalMs: settings.pruneIntervalMs, failed: IdempotencyMessages.pruneFailed });
  }

  /** Deletes the keys past the window as of `now`; answers how many. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    return deleteInBatches(async (limit) => {
      const oldest = this.db
        .selectFrom('idempotency_keys')
        .select(['organization_id', 'key'])
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit);
      // The key is (organization_id, key): a row value, which SQLite and PostgreSQL both compare with IN.
      const result = await this.db
        .deleteFrom('idempotency_keys')
        .where(sql<boolean>`(organization_id, ${sql.ref('key')}) in (${oldest})`)
        .executeTakeFirst();
      return result.numDeletedRows;
    });
  }
}
