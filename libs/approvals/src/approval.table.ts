import type { McpApprovalStatus } from '@kobana/mcp';

/**
 * Approvals of destructive MCP calls (docs/protocol.md §7), as Kysely sees them.
 * `arguments` is the JSON text of the call's arguments; times are ISO-8601
 * UTC text, so comparing them as text compares the instants.
 */
export interface McpApprovalsTable {
  id: string;
  organization_id: string;
  subject: string;
  client_id: string;
  client_name: string;
  tool: string;
  args_digest: string;
  arguments: string;
  /** What the call acts on, in words; `null` without a `describe` hook (migration `addApprovalSummary`). */
  summary: string | null;
  status: McpApprovalStatus;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  decided_by: string | null;
  consumed_at: string | null;
  closed_at: string | null;
}

/** Spent nonces of in-chat confirmations; a row exists once per nonce. */
export interface McpConfirmationNoncesTable {
  nonce: string;
  expires_at: string;
}

/** Signed-in sessions of the approval pages. `id_hash` is the SHA-256 (hex) of the cookie's session id. */
export interface ApprovalSessionsTable {
  id_hash: string;
  user_id: string;
  organization_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  /** Digest of the user's password hash at sign-in: a new password ends the session. `null` only for sessions older than the column. */
  password_stamp: string | null;
}

/**
 * Attempts per key, in the database so every replica counts the same:
 * failed sign-ins (`account:<sha256 of the e-mail>` or `address:<ip>`),
 * whose `window_ends_at` moves forward with each failure and whose
 * `blocked_until` is set once the limit is reached; and client registrations
 * (`registration:<ip>`, `@kobana/oauth`), in fixed windows, never blocked.
 * `failures` counts the attempts of either kind (see `countAttempt`).
 */
export interface SignInThrottlesTable {
  key: string;
  failures: number;
  window_ends_at: string;
  blocked_until: string | null;
}
