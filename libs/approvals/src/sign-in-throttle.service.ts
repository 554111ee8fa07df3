import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { deleteInBatches, narrowDatabase } from '@kobana/database';
import { APPROVAL_DATABASE, ApprovalDatabase } from './approval-host.table';
import { AttemptCounterDatabase, countAttempt } from './attempt-counter.store';
import { APPROVAL_FLOW_SETTINGS, ApprovalFlowSettings, SignInThrottleRule } from './approval-flow.options';

/** The keys one sign-in attempt counts against. */
export interface SignInKeys {
  account: string;
  address: string;
}

/**
 * Failed sign-ins per e-mail and per client address, with a doubling block,
 * in the host's database. The database rather than Redis: it is what every
 * replica of both hosts already shares (Billing has no Redis; Kadu's is
 * optional and, in memory, replicas would each grant the full budget), the
 * counter needs a reset on success and a growing block that a fixed-window
 * rate-limit store cannot express, and sign-ins are rare enough that one
 * upsert per failure costs nothing next to the scrypt it guards.
 *
 * Unknown e-mails count exactly like known ones, so the answers (401, then
 * 429) never tell whether an account exists.
 */
@Injectable()
export class SignInThrottle {
  constructor(
    @Inject(APPROVAL_DATABASE) private readonly db: Kysely<ApprovalDatabase>,
    @Inject(APPROVAL_FLOW_SETTINGS) private readonly settings: ApprovalFlowSettings,
  ) {}

  /** The keys of an e-mail (its digest: the table names no one) and a client address. */
  keys(email: string, address: string | undefined): SignInKeys {
    const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
    return { account: `account:${digest}`, address: `address:${address ?? 'unknown'}` };
  }

  /** Seconds until both keys may try again; 0 when neither is blocked. Checked before any password hashing. */
  async retryAfter(keys: SignInKeys, now = new Date()): Promise<number> {
    const rows = await this.db
      .selectFrom('sign_in_throttles')
      .select('blocked_until')
      .where('key', 'in', [keys.account, keys.address])
      .where('blocked_until', '>', now.toISOString())
      .execute();
    const until = Math.max(0, ...rows.map((row) => Date.parse(row.blocked_until!)));
    return until > 0 ? Math.ceil((until - now.getTime()) / 1000) : 0;
  }

  /** Counts a failed attempt against both keys. */
  async failed(keys: SignInKeys, now = new Date()): Promise<void> {
    await this.count(keys.account, this.settings.accountThrottle, now);
    await this.count(keys.address, this.settings.addressThrottle, now);
  }

  /** A correct password: the account's failures are forgotten (the address's are not, or one valid account would reset them). */
  async succeeded(keys: SignInKeys): Promise<void> {
    await this.db.deleteFrom('sign_in_throttles').where('key', '=', keys.account).execute();
  }

  /** Deletes counters whose window and block both ended. */
  async prune(now = new Date()): Promise<void> {
    const at = now.toISOString();
    await deleteInBatches(async (limit) => {
      const ended = this.db
        .selectFrom('sign_in_throttles')
        .select('key')
        .where('window_ends_at', '<', at)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', at)]))
        .limit(limit);
      return (await this.db.deleteFrom('sign_in_throttles').where('key', 'in', ended).executeTakeFirst()).numDeletedRows;
    });
  }

  private async count(key: string, rule: SignInThrottleRule, now: Date): Promise<void> {
    // One atomic statement per failure, so concurrent failures on any replica all count.
    const { count } = await countAttempt(narrowDatabase<AttemptCounterDatabase, ApprovalDatabase>(this.db), key, rule.windowMs, now, 'sliding');
    const over = count - rule.limit;
    if (over < 0) return;
    // The limit-th failure blocks for firstBlockMs; each one after doubles it, up to maxBlockMs.
    const blockMs = Math.min(rule.maxBlockMs, rule.firstBlockMs * 2 ** Math.min(over, 30));
    const blockedUntil = now.getTime() + blockMs;
    // The failures are remembered past the block, so the next failure after it blocks again, twice as long.
    await this.db
      .updateTable('sign_in_throttles')
      .set({ blocked_until: new Date(blockedUntil).toISOString(), window_ends_at: new Date(blockedUntil + rule.windowMs).toISOString() })
      .where('key', '=', key)
      .execute();
  }
}
