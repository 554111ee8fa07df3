import type { McpApprovalsTable, McpConfirmationNoncesTable, ApprovalSessionsTable, SignInThrottlesTable } from './approval.table';

/**
 * Injection token of the host's `Kysely<ApprovalDatabase>`: the host's own
 * database, migrated with `createApprovals` (both hosts list it as
 * `0300_create_approvals`), so each host keeps its approvals beside the records of its people
 * (`users`, which its tables point at).
 */
export const APPROVAL_DATABASE = Symbol('ApprovalDatabase');

/** Injection token of the host's {@link ApprovalSigningSecret}. */
export const APPROVAL_SIGNING_SECRET = Symbol('ApprovalSigningSecret');

/** The tables the approval flow uses; every host database that serves it has at least these. */
export interface ApprovalDatabase {
  mcp_approvals: McpApprovalsTable;
  mcp_confirmation_nonces: McpConfirmationNoncesTable;
  approval_sessions: ApprovalSessionsTable;
  sign_in_throttles: SignInThrottlesTable;
}

/** The host's persisted signing secret, read at use (hosts load secrets after the module graph is built). */
export interface ApprovalSigningSecret {
  get(): string;
}
