import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Kysely } from 'kysely';
import { deleteInBatches, PeriodicPruner } from '@kobana/database';
import { APPROVAL_DATABASE, ApprovalDatabase } from './approval-host.table';
import { ApprovalSessionsService } from './approval-sessions.service';
import { SignInThrottle } from './sign-in-throttle.service';

/** Sweep interval when `APPROVALS_PRUNE_INTERVAL_MS` is unset: ten minutes. */
export const DEFAULT_PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * How long an approval is kept after it expired: a person opening an old link
 * the same day still reads what happened to it ("expired", "done") rather
 * than "no such approval". Nothing else reads an expired approval.
 */
export const APPROVAL_RETENTION_MS = 24 * 60 * 60_000;

/** What one sweep deleted. */
export interface PruneCounts {
  approvals: number;
  nonces: number;
}

/**
 * Deletes what expired: approvals (a day after expiry), spent confirmation
 * nonces, sessions and sign-in counters. Once at start-up, then every
 * `APPROVALS_PRUNE_INTERVAL_MS` (0: start-up only) on an unref'd timer, so
 * it never keeps a process alive, stopped at shutdown. Every replica sweeps;
 * the deletes are idempotent, so they never conflict.
 */
@Injectable()
export class ApprovalsPruner extends PeriodicPruner {
  constructor(
    @Inject(APPROVAL_DATABASE) private readonly db: Kysely<ApprovalDatabase>,
    private readonly sessions: ApprovalSessionsService,
    private readonly throttle: SignInThrottle,
    config: ConfigService,
  ) {
    super({
      name: ApprovalsPruner.name,
      intervalMs: pruneInterval(config.get<string>('APPROVALS_PRUNE_INTERVAL_MS')),
      failed: (reason) => `Pruning expired approvals failed: ${reason}`,
    });
  }

  /** Deletes everything expired as of `now`. */
  async prune(now = new Date()): Promise<PruneCounts> {
    const at = now.toISOString();
    const kept = new Date(now.getTime() - APPROVAL_RETENTION_MS).toISOString();
    // Each table in batches through its expiry index, with a rest between them (see deleteInBatches).
    const approvals = await deleteInBatches(async (limit) => {
      const expired = this.db.selectFrom('mcp_approvals').select('id').where('expires_at', '<', kept).limit(limit);
      return (await this.db.deleteFrom('mcp_approvals').where('id', 'in', expired).executeTakeFirst()).numDeletedRows;
    });
    const nonces = await deleteInBatches(async (limit) => {
      const expired = this.db.selectFrom('mcp_confirmation_nonces').select('nonce').where('expires_at', '<', at).limit(limit);
      return (await this.db.deleteFrom('mcp_confirmation_nonces').where('nonce', 'in', expired).executeTakeFirst()).numDeletedRows;
    });
    await this.sessions.prune(now);
    await this.throttle.prune(now);
    return { approvals, nonces };
  }
}

/** `APPROVALS_PRUNE_INTERVAL_MS`: a non-negative integer of milliseconds. */
export function pruneInterval(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PRUNE_INTERVAL_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`APPROVALS_PRUNE_INTERVAL_MS must be a non-negative integer (got "${raw}")`);
  return value;
}
