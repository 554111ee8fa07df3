import type { McpAuditDecision, McpAuditOutcome } from '@kobana/mcp';

const DECISIONS: Record<McpAuditDecision, string> = {
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
  intro: () => 'Every tool call and refusal of AI clients acting in your organization, newest first.',
  columns: () => ['When', 'Person', 'Client', 'Tool', 'Decision', 'Outcome'],
  none: () => 'No agent activity yet.',
  older: () => 'Older events',
  selfReported: (name: string) => `says it is "${name}"`,
  decision: (decision: McpAuditDecision) => DECISIONS[decision] ?? decision,
  outcome: (outcome: McpAuditOutcome) => OUTCOMES[outcome] ?? outcome,
  forbiddenTitle: () => 'Not allowed',
  forbidden: () => 'Only owners and admins of the organization see what agents did.',
  invalidCursorTitle: () => 'This link to older events is not valid',
} as const;
