import { Kysely, SelectQueryBuilder, sql } from 'kysely';
import { deleteInBatches } from '@kobana/database';
import { createHash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OAuthDatabase, OAuthRecordsTable } from './oauth.table';

/** SHA-256 (hex) of a record id: the only form in which an id (a token, a code) is stored. */
export function hashRecordId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * oidc-provider's storage, one instance per model, over `oauth_records`.
 * Ids are stored only as their SHA-256; the columns the other statements
 * filter by (grant, person, client, uid, expiry, consumption) are copied
 * from the payload. An expired record is absent to every read, before the
 * sweep deletes it.
 */
export class OAuthRecordsAdapter implements Adapter {
  /**
   * @param revoked told the person whose grant `revokeByGrantId` deleted: the
   *   library's reuse detection revokes a grant from a replayed code before it
   *   has loaded whose it was, and the records that said so are gone after.
   */
  constructor(
    private readonly model: string,
    private readonly db: Kysely<OAuthDatabase>,
    private readonly now: () => Date = () => new Date(),
    private readonly revoked?: (grantId: string, accountId: string) => void,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const at = this.now();
    const row: OAuthRecordsTable = {
      model: this.model,
      id_hash: hashRecordId(id),
      payload: JSON.stringify(payload),
      // A grant is its own grant: revoking it deletes it with its tokens in one statement.
      grant_id: (this.model === 'Grant' ? id : payload.grantId) ?? null,
      account_id: payload.accountId ?? null,
      client_id: (this.model === 'Client' ? payload.client_id : payload.clientId) ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(at.getTime() + expiresIn * 1000).toISOString() : null,
      consumed_at: payload.consumed ? new Date(Number(payload.consumed) * 1000).toISOString() : null,
      created_at: at.toISOString(),
    };
    const { model: _model, id_hash: _idHash, created_at: _createdAt, ...changes } = row;
    await this.db
      .insertInto('oauth_records')
      .values(row)
      .onConflict((conflict) => conflict.columns(['model', 'id_hash']).doUpdateSet(changes))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.read(this.db.selectFrom('oauth_records').select(['payload', 'consumed_at']).where('id_hash', '=', hashRecordId(id)));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.read(this.db.selectFrom('oauth_records').select(['payload', 'consumed_at']).where('uid', '=', uid));
  }

  findByUserCode(): Promise<AdapterPayload | undefined> {
    // The device flow is off: no record has a user code.
    return Promise.resolve(undefined);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oauth_records')
      .set({ consumed_at: this.now().toISOString() })
      .where('model', '=', this.model)
      .where('id_hash', '=', hashRecordId(id))
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oauth_records').where('model', '=', this.model).where('id_hash', '=', hashRecordId(id)).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Every kind at once (grant, codes, access and refresh tokens): what one model's revocation means for the others.
    const rows = await this.db.deleteFrom('oauth_records').where('grant_id', '=', grantId).returning('account_id').execute();
    const accountId = rows.find((row) => row.account_id)?.account_id;
    if (accountId) this.revoked?.(grantId, accountId);
  }

  private async read(query: ReadQuery): Promise<AdapterPayload | undefined> {
    const row = await query
      .where('model', '=', this.model)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', this.now().toISOString())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) } : payload;
  }
}

type ReadQuery = SelectQueryBuilder<OAuthDatabase, 'oauth_records', { payload: string; consumed_at: string | null }>;

/** Deletes the records that expired before `now`; answers how many. */
export async function pruneOAuthRecords(db: Kysely<OAuthDatabase>, now = new Date()): Promise<number> {
  const at = now.toISOString();
  // In batches through oauth_records_expires_idx; the key is (model, id_hash), a row value both engines compare with IN.
  return deleteInBatches(async (limit) => {
    const expired = db.selectFrom('oauth_records').select(['model', 'id_hash']).where('expires_at', '<', at).limit(limit);
    const result = await db
      .deleteFrom('oauth_records')
      .where(sql<boolean>`(model, id_hash) in (${expired})`)
      .executeTakeFirst();
    return result.numDeletedRows;
  });
}
