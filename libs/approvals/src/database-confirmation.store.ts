import { Inject, Injectable } from '@nestjs/common';
import { Kysely, Selectable } from 'kysely';
import type { McpApproval, McpApprovalKey, McpConfirmationStore, McpNewApproval } from '@kobana/mcp';
import { APPROVAL_DATABASE, ApprovalDatabase } from './approval-host.table';
import { McpApprovalsTable } from './approval.table';

/**
 * A host's {@link McpConfirmationStore} (Kadu's and Billing's): rows in the host's database, so
 * every replica sees and spends the same confirmations. Each state change is
 * one conditional statement, never a read followed by a write.
 */
@Injectable()
export class DatabaseConfirmationStore implements McpConfirmationStore {
  constructor(@Inject(APPROVAL_DATABASE) private readonly db: Kysely<ApprovalDatabase>) {}

  async spendNonce(nonce: string, expiresAt: Date): Promise<boolean> {
    // A nonce past its expiry can go: its signed state is refused as expired before any spend.
    await this.db.deleteFrom('mcp_confirmation_nonces').where('expires_at', '<', new Date().toISOString()).execute();
    const result = await this.db
      .insertInto('mcp_confirmation_nonces')
      .values({ nonce, expires_at: expiresAt.toISOString() })
      .onConflict((conflict) => conflict.column('nonce').doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n;
  }

  async createApproval(approval: McpNewApproval): Promise<McpApproval> {
    // The partial unique index on the open key makes a concurrent second insert a no-op; both then read the winner.
    await this.db
      .insertInto('mcp_approvals')
      .values({ ...approval, arguments: JSON.stringify(approval.arguments), status: 'pending' })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const open = await this.findOpenApproval(approval);
    if (!open) throw new Error(`approval ${approval.id} was neither created nor found`);
    return open;
  }

  async findOpenApproval(key: McpApprovalKey): Promise<McpApproval | undefined> {
    const row = await this.db
      .selectFrom('mcp_approvals')
      .selectAll()
      .where('organization_id', '=', key.organization_id)
      .where('subject', '=', key.subject)
      .where('client_id', '=', key.client_id)
      .where('tool', '=', key.tool)
      .where('args_digest', '=', key.args_digest)
      .where('status', '<>', 'consumed')
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return row && toApproval(row);
  }

  async findApproval(id: string): Promise<McpApproval | undefined> {
    const row = await this.db.selectFrom('mcp_approvals').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toApproval(row);
  }

  async decideApproval(id: string, decision: 'approved' | 'cancelled', decidedBy: string, now: Date): Promise<McpApproval | undefined> {
    const result = await this.db
      .updateTable('mcp_approvals')
      .set({ status: decision, decided_at: now.toISOString(), decided_by: decidedBy })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return result.numUpdatedRows === 1n ? this.findApproval(id) : undefined;
  }

  async consumeApproval(id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('mcp_approvals')
      .set({ status: 'consumed', consumed_at: now.toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'approved')
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async closeApproval(id: string, now: Date): Promise<void> {
    await this.db.updateTable('mcp_approvals').set({ closed_at: now.toISOString() }).where('id', '=', id).where('closed_at', 'is', null).execute();
  }
}

function toApproval(row: Selectable<McpApprovalsTable>): McpApproval {
  return { ...row, arguments: JSON.parse(row.arguments) as Record<string, unknown> };
}
