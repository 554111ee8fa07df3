import { McpApproval, McpApprovalKey, McpConfirmationStore, McpNewApproval } from '../interfaces/mcp-confirmation-store.interface';

/** Longest an approval is kept after it stops mattering, so the maps stay bounded. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The single-process {@link McpConfirmationStore}: two Maps. Every method runs
 * without awaiting between its read and its write, so each is atomic within
 * the process. Not for more than one replica: a confirmation spent here is
 * unknown to the others.
 */
export class McpMemoryConfirmationStore implements McpConfirmationStore {
  private readonly nonces = new Map<string, number>();
  private readonly approvals = new Map<string, McpApproval>();

  async spendNonce(nonce: string, expiresAt: Date): Promise<boolean> {
    this.sweep();
    if (this.nonces.has(nonce)) return false;
    this.nonces.set(nonce, expiresAt.getTime());
    return true;
  }

  async createApproval(approval: McpNewApproval): Promise<McpApproval> {
    this.sweep();
    const open = this.open(approval);
    if (open) return { ...open };
    const created: McpApproval = { ...approval, status: 'pending', decided_at: null, decided_by: null, consumed_at: null, closed_at: null };
    this.approvals.set(created.id, created);
    return { ...created };
  }

  async findOpenApproval(key: McpApprovalKey): Promise<McpApproval | undefined> {
    const open = this.open(key);
    return open && { ...open };
  }

  async findApproval(id: string): Promise<McpApproval | undefined> {
    const approval = this.approvals.get(id);
    return approval && { ...approval };
  }

  async decideApproval(id: string, decision: 'approved' | 'cancelled', decidedBy: string, now: Date): Promise<McpApproval | undefined> {
    const approval = this.approvals.get(id);
    if (!approval || approval.status !== 'pending' || Date.parse(approval.expires_at) <= now.getTime()) return undefined;
    Object.assign(approval, { status: decision, decided_at: now.toISOString(), decided_by: decidedBy });
    return { ...approval };
  }

  async consumeApproval(id: string, now: Date): Promise<boolean> {
    const approval = this.approvals.get(id);
    if (!approval || approval.status !== 'approved' || Date.parse(approval.expires_at) <= now.getTime()) return false;
    Object.assign(approval, { status: 'consumed', consumed_at: now.toISOString() });
    return true;
  }

  async closeApproval(id: string, now: Date): Promise<void> {
    const approval = this.approvals.get(id);
    if (approval && approval.closed_at === null) approval.closed_at = now.toISOString();
  }

  private open(key: McpApprovalKey): McpApproval | undefined {
    for (const approval of this.approvals.values()) {
      if (approval.status === 'consumed' || approval.closed_at !== null) continue;
      if (
        approval.organization_id === key.organization_id &&
        approval.subject === key.subject &&
        approval.client_id === key.client_id &&
        approval.tool === key.tool &&
        approval.args_digest === key.args_digest
      ) {
        return approval;
      }
    }
    return undefined;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [nonce, expiresAt] of this.nonces) if (expiresAt + RETENTION_MS < now) this.nonces.delete(nonce);
    for (const [id, approval] of this.approvals) if (Date.parse(approval.expires_at) + RETENTION_MS < now) this.approvals.delete(id);
  }
}
