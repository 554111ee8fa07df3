import { Injectable } from '@nestjs/common';
import { ExpressionBuilder, Kysely, Selectable, sql } from 'kysely';
import { dialectOf } from '@kobana/database';
import { InjectDatabase } from '../database/inject-database.decorator';
import { KaduDatabase } from '../database/kadu-database.interface';
import { AgentOutcome } from './agent/agent-outcome.interface';
import type { ExecutionsTable } from './execution.table';
import { toExecutionView, type ExecutionView } from './execution.view';
import { addUsage } from '../organizations/organization-usage.store';

/**
 * The execution queue in the `executions` table, shared by every replica.
 * A claim takes one row for one worker (see {@link ExecutionQueue.claim});
 * completions are conditional UPDATEs, so a late worker cannot overwrite a
 * cancel or a take-over.
 */
@Injectable()
export class ExecutionQueue {
  constructor(@InjectDatabase() private readonly db: Kysely<KaduDatabase>) {}

  /**
   * Takes the oldest queued execution, or one left `running` by a worker
   * whose lease expired, for `workerId` until now + `leaseMs`.
   *
   * On PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED` in a
   * transaction, so concurrent workers on other replicas each take a
   * different row instead of queueing behind one lock. On SQLite one
   * conditional UPDATE is atomic already (one writer at a time).
   *
   * @returns the claimed row, or `undefined` when there is nothing to do.
   */
  async claim(workerId: string, leaseMs: number, now = new Date()): Promise<Selectable<ExecutionsTable> | undefined> {
    const at = now.toISOString();
    const claimable = (eb: ExpressionBuilder<KaduDatabase, 'executions'>) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_expires_at', '<', at)])]);
    const lease = {
      status: 'running',
      worker_id: workerId,
      lease_expires_at: new Date(now.getTime() + leaseMs).toISOString(),
      claim_count: sql<number>`claim_count + 1`,
      started_at: sql<string>`coalesce(started_at, ${at})`,
      updated_at: at,
    } as const;
    if (dialectOf(this.db) === 'postgres') {
      return this.db.transaction().execute(async (trx) => {
        const next = await trx
          .selectFrom('executions')
          .select('id')
          .where(claimable)
          .orderBy('created_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        return next && trx.updateTable('executions').set(lease).where('id', '=', next.id).returningAll().executeTakeFirst();
      });
    }
    return this.db
      .updateTable('executions')
      .set(lease)
      .where('id', '=', (eb) => eb.selectFrom('executions').select('id').where(claimable).orderBy('created_at').orderBy('id').limit(1))
      .where(claimable)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Extends `workerId`'s lease on a running execution by `leaseMs` from now:
   * the worker's heartbeat while the agent runs.
   * @returns whether `workerId` still holds it (false once it was cancelled or taken over).
   */
  async renew(id: string, workerId: string, leaseMs: number, now = new Date()): Promise<boolean> {
    const result = await this.db
      .updateTable('executions')
      .set({ lease_expires_at: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Hands an execution back to the queue (shutdown): queued again, so any
   * replica's worker claims it at once instead of after the lease.
   * @returns whether `workerId` still held it.
   */
  async release(id: string, workerId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('executions')
      .set({ status: 'queued', worker_id: null, lease_expires_at: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Records the agent's outcome, if `workerId` still holds the execution.
   * @returns the execution as it now is, or `undefined` when it was cancelled or taken over meanwhile.
   */
  async complete(id: string, workerId: string, outcome: AgentOutcome): Promise<ExecutionView | undefined> {
    // The outcome and its cost in the month's usage together: a crash between them cannot count a cost twice or never.
    return this.db.transaction().execute(async (trx) => {
      // The cost it had (a continued execution's earlier outcome): the usage gains the difference, not the sum.
      const before = await trx
        .selectFrom('executions')
        .select(['cost_cents', 'organization_id', 'created_at'])
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('worker_id', '=', workerId)
        .executeTakeFirst();
      if (!before) return undefined;
      const row = await this.record(trx, id, workerId, outcome);
      if (row) await addUsage(trx, before.organization_id, before.created_at, { costCents: outcome.cost_cents - before.cost_cents });
      return row && toExecutionView(row);
    });
  }

  /** Writes the outcome, if `workerId` still holds the execution; the row as it now is. */
  private record(trx: Kysely<KaduDatabase>, id: string, workerId: string, outcome: AgentOutcome): Promise<Selectable<ExecutionsTable> | undefined> {
    const at = new Date().toISOString();
    const finished = outcome.status !== 'waiting_input';
    return trx
      .updateTable('executions')
      .set({
        status: outcome.status,
        cost_cents: outcome.cost_cents,
        result: outcome.status === 'succeeded' ? JSON.stringify(outcome.result) : null,
        output_file_id: outcome.status === 'succeeded' ? outcome.output_file_id : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        pending_questions: outcome.status === 'waiting_input' ? JSON.stringify(outcome.pending_questions) : null,
        worker_id: null,
        lease_expires_at: null,
        finished_at: finished ? at : null,
        updated_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('worker_id', '=', workerId)
      .returningAll()
      .executeTakeFirst();
  }
}
