/**
 * `@kobana/approvals`: confirmation of destructive MCP tools for any host:
 * the database confirmation store, the signing keys, and the sign-in and
 * approval pages, bound to the host's database, people and secret.
 */
export { ApprovalFlowModule } from './approval-flow.module';
export { APPROVAL_DATABASE, APPROVAL_SIGNING_SECRET } from './approval-host.table';
export type { ApprovalSigningSecret } from './approval-host.table';
export { ApprovalKeys } from './approval-keys.factory';
export { DatabaseConfirmationStore } from './database-confirmation.store';
export { confirmationOptions } from './confirmation.options';
export type { ApprovalSessionsTable, McpApprovalsTable, McpConfirmationNoncesTable, SignInThrottlesTable } from './approval.table';
export { createApprovals } from './approvals.migration';
export { secureApprovalSignIn } from './approvals-sign-in.migration';
export type { ApprovalFlowSettings, SignInThrottleRule } from './approval-flow.options';
export { addApprovalSummary } from './approval-summary.migration';
export { ApprovalSessionsService } from './approval-sessions.service';
export type { ApprovalSession } from './approval-sessions.service';
export { PagePostPolicy } from './page-post.policy';
export { signOutBlock } from './sign-in.view';
export { countAttempt } from './attempt-counter.store';
export type { AttemptCounterDatabase, AttemptWindow, CountedAttempts } from './attempt-counter.store';
