import { Inject, Injectable } from '@nestjs/common';
import { Kysely, Transaction } from 'kysely';
import type { McpCaller } from '@kobana/mcp';
import { narrowDatabase } from '@kobana/database';
import { canonicalDigest } from './canonical-json.util';
import { IdempotencyConflictException } from './idempotency-conflict.error';
import { IDEMPOTENCY_DATABASE } from './idempotency.options';
import { IdempotencyDatabase } from './idempotency.table';
import { IdempotentDto } from './idempotent.dto';
import { IdempotentRunOptions, openResponse, sealResponse } from './idempotency-sealing.codec';

/** How long a key keeps its first response (docs/protocol.md §5). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A write's effect, given the transaction (on the host's whole database) it must do all its work in. */
export type IdempotentEffect<T, Host = IdempotencyDatabase> = (trx: Transaction<Host>) => Promise<T>;

/**
 * Runs writes at most once per `idempotency_key` and organization. The key is
 * claimed by an INSERT in the same transaction as the effect, so the effect
 * and the stored response commit or roll back together, and a concurrent
 * duplicate either waits for that transaction (SQLite serializes writers,
 * PostgreSQL blocks on the unique key) or fails on the key and then reads the
 * committed response. A failed effect stores nothing: retrying it runs again.
 *
 * @typeParam Host the host's tables, which effects receive; a host injects
 *   `IdempotencyService<HostDatabase>`.
 */
@Injectable()
export class IdempotencyService<Host extends IdempotencyDatabase = IdempotencyDatabase> {
  constructor(@Inject(IDEMPOTENCY_DATABASE) private readonly db: Kysely<Host>) {}

  /**
   * Runs `effect` in a transaction, or answers the first response of the same
   * key and arguments. Inside `effect` use only `trx`: on SQLite a query on
   * the root instance would wait for the transaction's own connection.
   *
   * @param operation the tool's name, so a key reused for another operation is a conflict too.
   * @param options `sealed`: response fields kept encrypted at rest (secrets shown once).
   * @throws IdempotencyConflictException (409) when the key was used with other arguments.
   */
  async run<T, D extends IdempotentDto = IdempotentDto>(
    caller: McpCaller,
    operation: string,
    dto: D,
    effect: IdempotentEffect<T, Host>,
    options: IdempotentRunOptions = {},
  ): Promise<T> {
    const key = dto.idempotency_key;
    // `null` is no key, as the DTO's @IsOptional() lets it through: it has nothing to be stored under.
    if (key === undefined || key === null) return this.db.transaction().execute(effect);
    const { idempotency_key: _key, ...args } = dto;
    const digest = canonicalDigest(args);
    try {
      return await this.attempt(caller.organization_id, key, operation, digest, effect, options);
    } catch (error) {
      // Another replica claimed the key between our read and our insert: its response is committed now.
      if (!isUniqueViolation(error)) throw error;
      return this.attempt(caller.organization_id, key, operation, digest, effect, options);
    }
  }

  /**
   * Whether {@link run} would answer a stored response for this key and
   * arguments instead of running (a retry of a call already made). Lets a
   * destructive tool's confirmation skip checks that only hold before the
   * effect (the record still exists), so a retry replays instead of failing.
   */
  async replays<D extends IdempotentDto>(caller: McpCaller, operation: string, dto: D): Promise<boolean> {
    const key = dto.idempotency_key;
    if (key === undefined || key === null) return false;
    const { idempotency_key: _key, ...args } = dto;
    const existing = await narrowDatabase<IdempotencyDatabase, Host>(this.db)
      .selectFrom('idempotency_keys')
      .select(['operation', 'request_digest', 'created_at'])
      .where('organization_id', '=', caller.organization_id)
      .where('key', '=', key)
      .executeTakeFirst();
    return (
      existing !== undefined &&
      Date.parse(existing.created_at) > Date.now() - IDEMPOTENCY_WINDOW_MS &&
      existing.operation === operation &&
      existing.request_digest === canonicalDigest(args)
    );
  }

  private attempt<T>(
    organizationId: string,
    key: string,
    operation: string,
    digest: string,
    effect: IdempotentEffect<T, Host>,
    options: IdempotentRunOptions,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      // The keys' own statements, in the effect's transaction.
      const keys = narrowDatabase<IdempotencyDatabase, Host>(trx);
      const now = new Date();
      const existing = await keys
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (existing && Date.parse(existing.created_at) > now.getTime() - IDEMPOTENCY_WINDOW_MS) {
        if (existing.operation !== operation || existing.request_digest !== digest) throw new IdempotencyConflictException();
        return openResponse(JSON.parse(existing.response), options) as T;
      }
      if (existing) {
        await keys.deleteFrom('idempotency_keys').where('organization_id', '=', organizationId).where('key', '=', key).execute();
      }
      await keys
        .insertInto('idempotency_keys')
        .values({ organization_id: organizationId, key, operation, request_digest: digest, response: 'null', created_at: now.toISOString() })
        .execute();
      // Returned as its JSON round trip, so the first answer and every replay are the same bytes.
      const response: unknown = JSON.parse(JSON.stringify((await effect(trx)) ?? null));
      await keys
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(sealResponse(response, options)) })
        .where('organization_id', '=', organizationId)
        .where('key', '=', key)
        .execute();
      return response as T;
    });
  }
}

/** SQLite and PostgreSQL spell a unique-key violation differently. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
