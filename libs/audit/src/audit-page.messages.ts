import type { McpAuditDecision, McpAuditOutcome } from '@kobana/mcp';
import type { AuditOAuthAction } from './audit-oauth.constants';

const DECISIONS: Record<McpAuditDecision | AuditOAuthAction, string> = {
  allowed: 'Allowed',
  confirmation_asked: 'Confirmation asked',
  confirmation_approved: 'Approved and run',
  confirmation_declined: 'Declined',
  confirmation_expired: 'Confirmation expired',
  confirmation_replayed: 'Confirmation already used',
  invalid_arguments: 'Invalid arguments',
  unknown_tool: 'Unknown tool',
  forbidden_tool: 'Tool not allowed for the role',
  insufficient_scope: 'Missing permission (scope)',
  rate_limited: 'Rate limited',
  unavailable: 'Server unavailable',
  invalid_request: 'Invalid request',
  consent_given: 'Access allowed by the person',
  consent_denied: 'Access denied by the person',
  grant_revoked_reuse: 'Access revoked: a token was used twice',
};

const OUTCOMES: Record<McpAuditOutcome, string> = {
  success: 'Success',
  error_result: 'Error',
  internal_error: 'Internal error',
  not_run: 'Not run',
};

/** What the audit page says. */
export const AuditPageMessages = {
  title: () => 'What agents did',
  intro: () => 'Every tool call and refusal of AI clients acting in your organization, and every access a person allowed, denied or lost, newest first.',
  columns: () => ['When', 'Person', 'Client', 'Tool', 'Decision', 'Outcome'],
  none: () => 'No agent activity yet.',
  older: () => 'Older events',
  selfReported: (name: string) => `says it is "${name}"`,
  decision: (decision: McpAuditDecision | AuditOAuthAction) => DECISIONS[decision] ?? decision,
  outcome: (outcome: McpAuditOutcome) => OUTCOMES[outcome] ?? outcome,
  forbiddenTitle: () => 'Not allowed',
  forbidden: () => 'Only owners and admins of the organization see what agents did.',
  invalidCursorTitle: () => 'This link to older events is not valid',
} as const;
