import type { McpApprovalsTable, McpConfirmationNoncesTable, ApprovalSessionsTable, SignInThrottlesTable } from './approval.tables';

/**
 * Injection token of the host's `Kysely<ApprovalDatabase>`: the host's own
 * database, migrated with `createApprovals` (both hosts list it as
 * `0300_create_approvals`), so each host keeps its approvals beside its users.
 */
export const APPROVAL_DATABASE = Symbol('ApprovalDatabase');

/** Injection token of the host's {@link ApprovalIdentity}. */
export const APPROVAL_IDENTITY = Symbol('ApprovalIdentity');

/** Injection token of the host's {@link ApprovalSigningSecret}. */
export const APPROVAL_SIGNING_SECRET = Symbol('ApprovalSigningSecret');

/** The part of a host's `users` the approval pages read: who signed in, in which organization, with which role. */
export interface ApprovalUsersTable {
  id: string;
  organization_id: string;
  email: string;
  role: string;
  /** Read only to stamp sessions, so a new password ends them. */
  password_hash: string | null;
}

/** The tables the approval flow uses; every host database that serves it has at least these. */
export interface ApprovalDatabase {
  mcp_approvals: McpApprovalsTable;
  mcp_confirmation_nonces: McpConfirmationNoncesTable;
  approval_sessions: ApprovalSessionsTable;
  sign_in_throttles: SignInThrottlesTable;
  users: ApprovalUsersTable;
}

/** A person the host's password check accepted. */
export interface ApprovalPerson {
  id: string;
  organization_id: string;
}

/** The host's sign-in check: the person an e-mail and password stand for, or `null` (same time either way). */
export interface ApprovalIdentity {
  verifyPassword(email: string, password: string): Promise<ApprovalPerson | null>;
}

/** The host's persisted signing secret, read at use (hosts load secrets after the module graph is built). */
export interface ApprovalSigningSecret {
  get(): string;
}
