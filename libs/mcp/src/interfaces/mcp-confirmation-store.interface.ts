/** Who asked, for what: the identity an approval or a `requestState` is bound to. */
export interface McpApprovalKey {
  organization_id: string;
  subject: string;
  client_id: string;
  /** The tool's name. */
  tool: string;
  /** SHA-256 (hex) of the canonical arguments, `idempotency_key` left out. */
  args_digest: string;
}

/** Where an approval stands. `pending` → `approved` | `cancelled`; `approved` → `consumed` (once). */
export type McpApprovalStatus = 'pending' | 'approved' | 'cancelled' | 'consumed';

/** An approval link's record, as the store keeps it. Times are ISO-8601 strings (UTC). */
export interface McpApproval extends McpApprovalKey {
  id: string;
  status: McpApprovalStatus;
  /** The name the person sees for the client: `clientInfo.name` (era 2026), else the OAuth client's name, else its id. */
  client_name: string;
  /** The arguments as the client sent them, for the approval page, each sensitive value replaced by what a person may see of it (`McpSensitive`). */
  arguments: Record<string, unknown>;
  /** What the call acts on, in words, from the tool's `confirmation.describe` hook; `null` without one. */
  summary: string | null;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** The subject of the person who chose Continue or Cancel. */
  decided_by: string | null;
  consumed_at: string | null;
  /** Set once the caller has been told it was cancelled or expired, so the next identical call starts a new approval. */
  closed_at: string | null;
}

/** What the module gives the store to create an approval. */
export type McpNewApproval = Pick<McpApproval, keyof McpApprovalKey | 'id' | 'client_name' | 'arguments' | 'summary' | 'created_at' | 'expires_at'>;

/**
 * Where confirmations live. Every replica must share it (a database), so a
 * confirmation given on one replica is seen, and spent, on any other: each
 * method that changes state is one atomic step (a conditional UPDATE or an
 * INSERT that a unique key guards), never a read followed by a write.
 *
 * The module ships {@link McpMemoryConfirmationStore} only as the
 * single-process default (tests, one replica); hosts provide their own with
 * the `confirmationStore` option.
 */
export interface McpConfirmationStore {
  /** Records `nonce` as spent; `true` only for the first call with that nonce. Kept at least until `expiresAt`. */
  spendNonce(nonce: string, expiresAt: Date): Promise<boolean>;
  /**
   * Creates a pending approval unless an open one (not closed, not consumed)
   * exists for the same key; answers the one that exists then, so concurrent
   * first calls share one approval.
   */
  createApproval(approval: McpNewApproval): Promise<McpApproval>;
  /** The open approval (not consumed, not closed) for the key, if any. */
  findOpenApproval(key: McpApprovalKey): Promise<McpApproval | undefined>;
  /** The approval with this id, whatever its state. */
  findApproval(id: string): Promise<McpApproval | undefined>;
  /** `pending` → `decision`, only while pending and unexpired at `now`; answers the approval afterwards, or `undefined` when it was not pending. */
  decideApproval(id: string, decision: 'approved' | 'cancelled', decidedBy: string, now: Date): Promise<McpApproval | undefined>;
  /** `approved` → `consumed`, only while unexpired at `now`; `true` for exactly one caller. */
  consumeApproval(id: string, now: Date): Promise<boolean>;
  /** Marks a cancelled or expired approval as told to the caller (idempotent). */
  closeApproval(id: string, now: Date): Promise<void>;
}

/** Injection token of the {@link McpConfirmationStore} (same name as the interface, as `ThrottlerStorage`). */
export const McpConfirmationStore = Symbol('McpConfirmationStore');
