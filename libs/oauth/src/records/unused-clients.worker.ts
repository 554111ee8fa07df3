import { Kysely, sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { restAfterBatch } from '@kobana/database';
import { PRE_REGISTERED_CLIENT_PREFIX } from '../grants/connected-apps.constants';
import type { OAuthDatabase } from './oauth.table';

/** Clients looked at per statement: one pass over their records per batch. */
const BATCH = 500;

/**
 * Deletes the clients Dynamic Client Registration stored that nothing uses:
 * registered before `registeredBefore`, and no record (grant, code, access or
 * refresh token) names them. Pre-registered clients (the CLI's, `pre_…`)
 * never expire; metadata-document clients are never stored. Run after the
 * expired records are deleted, so a grant that ended no longer counts. Why
 * and how long: `docs/security-model.md`, "Dynamic Client Registration:
 * bounds, expiry and the shared limit". Answers how many were deleted.
 */
export async function deleteUnusedClients(db: Kysely<OAuthDatabase>, registeredBefore: Date): Promise<number> {
  let deleted = 0;
  let after = '';
  let started = 0;
  for (;;) {
    // A rest after each batch (restAfterBatch): a long sweep never holds requests, or SQLite's lock, for long.
    if (after !== '' && !(await restAfterBatch(started))) return deleted;
    started = performance.now();
    const batch = await db
      .selectFrom('oauth_records')
      .select(['id_hash', 'client_id'])
      .where('model', '=', 'Client')
      .where('created_at', '<', registeredBefore.toISOString())
      .where(sql<string>`substr(client_id, 1, ${PRE_REGISTERED_CLIENT_PREFIX.length})`, '<>', PRE_REGISTERED_CLIENT_PREFIX)
      .where('id_hash', '>', after)
      .orderBy('id_hash')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return deleted;
    after = batch[batch.length - 1].id_hash;
    const ids = batch.map((row) => row.client_id).filter((id): id is string => id !== null);
    const used = new Set(
      ids.length === 0
        ? []
        : (await db.selectFrom('oauth_records').select('client_id').distinct().where('model', '<>', 'Client').where('client_id', 'in', ids).execute()).map(
            (row) => row.client_id,
          ),
    );
    const unused = batch.filter((row) => row.client_id !== null && !used.has(row.client_id)).map((row) => row.id_hash);
    if (unused.length === 0) continue;
    // The same test again in the statement: a grant made since the batch was read keeps its client.
    const result = await db
      .deleteFrom('oauth_records')
      .where('model', '=', 'Client')
      .where('id_hash', 'in', unused)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('oauth_records as used')
              .select('used.model')
              .whereRef('used.client_id', '=', 'oauth_records.client_id')
              .where('used.model', '<>', 'Client'),
          ),
        ),
      )
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
}
