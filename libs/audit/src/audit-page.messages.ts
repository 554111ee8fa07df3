import type { McpAuditDecision, McpAuditOutcome } from '@kobana/mcp';
import type { AuditEventKind, AuditOAuthAction } from './audit-oauth.constants';

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

/** Why nothing ran, by the decision that stopped it. */
const NOT_RUN: Partial<Record<McpAuditDecision | AuditOAuthAction, string>> = {
  confirmation_asked: 'waiting for confirmation',
  confirmation_declined: 'the person declined',
  confirmation_expired: 'the confirmation expired',
  confirmation_replayed: 'the confirmation was already used',
  invalid_arguments: 'the arguments were invalid',
  unknown_tool: 'no such tool',
  forbidden_tool: 'the tool is not allowed for the role',
  insufficient_scope: 'the client lacks the permission (scope)',
  rate_limited: 'too many calls',
  unavailable: 'the server was unavailable',
  invalid_request: 'the request was invalid',
  consent_denied: 'the person denied access',
};

/** What an HTTP status of a failed call means, in words. */
const STATUSES: Record<number, string> = {
  400: 'invalid request',
  401: 'not signed in',
  403: 'not allowed',
  404: 'not found',
  409: 'conflict',
  413: 'too large',
  422: 'invalid data',
  429: 'too many requests',
  500: 'server fault',
  503: 'server unavailable',
};

const KINDS: Record<AuditEventKind, string> = {
  mcp: 'Tool calls of AI clients (MCP)',
  oauth: 'Access allowed, denied or revoked (OAuth)',
};

/** What the audit page says. */
export const AuditPageMessages = {
  title: () => 'What agents did',
  intro: () => 'Every tool call and refusal of AI clients acting in your organization, and every access a person allowed, denied or lost, newest first.',
  columns: () => ['When', 'Person', 'Client', 'Tool', 'Decision', 'Outcome', ''],
  none: () => 'No agent activity yet.',
  noneMatching: () => 'No events match these filters.',
  noneHereLookFurther: () => 'No matching events among the ones looked at; older events may still match.',
  older: () => 'Older events →',
  newest: () => '← Newest events',
  details: () => 'Details',
  selfReported: (name: string) => `says it is "${name}"`,
  decision: (decision: McpAuditDecision | AuditOAuthAction) => DECISIONS[decision] ?? decision,
  decisions: () => DECISIONS,
  kinds: () => KINDS,
  outcome: (outcome: McpAuditOutcome) =>
    ({ success: 'Success', error_result: 'Error', internal_error: 'Internal error', not_run: 'Not run' })[outcome] ?? outcome,
  /** The outcome in a sentence a person reads: why nothing ran, what failed, or which fault to look up. */
  outcomeText: (outcome: McpAuditOutcome, decision: McpAuditDecision | AuditOAuthAction, status: number | null): string => {
    if (outcome === 'success') return 'Success';
    if (outcome === 'not_run') return NOT_RUN[decision] ? `Not run: ${NOT_RUN[decision]}` : 'Not run';
    if (outcome === 'internal_error') return 'Failed: server fault';
    return status === null ? 'Failed: the tool answered an error' : `Failed: ${STATUSES[status] ?? 'error'} (HTTP ${status})`;
  },
  filters: {
    legend: () => 'Filter',
    tool: () => 'Tool',
    person: () => 'Person (e-mail)',
    client: () => 'Client id',
    decision: () => 'Decision',
    kind: () => 'Kind',
    any: () => 'Any',
    from: () => 'From (UTC day)',
    to: () => 'To (UTC day, included)',
    apply: () => 'Apply',
    clear: () => 'Clear filters',
  },
  whenLabel: () => 'Times are in your time zone (UTC without JavaScript).',
  unknownPerson: (email: string) => `No one with the e-mail "${email}" in your organization.`,
  invalidFiltersTitle: () => 'These filters are not valid',
  invalidDay: (field: string) => `${field} must be a day as YYYY-MM-DD`,
  forbiddenTitle: () => 'Not allowed',
  forbidden: () => 'Only owners and admins of the organization see what agents did.',
  invalidCursorTitle: () => 'This link to older events is not valid',
  detail: {
    title: () => 'Audit event',
    back: () => '← Back to the list',
    notFoundTitle: () => 'No such event',
    notFound: () => 'Your organization has no audit event with this id (old events are pruned).',
    when: () => 'When',
    kind: () => 'Kind',
    person: () => 'Person',
    client: () => 'Client',
    call: () => 'Call',
    decision: () => 'Decision',
    outcome: () => 'Outcome',
    status: () => 'HTTP status',
    errorCode: () => 'JSON-RPC error code',
    duration: () => 'Duration',
    durationMs: (ms: number) => `${Math.round(ms)} ms`,
    approval: () => 'Approval',
    approvedBy: (who: string) => `decided by ${who}`,
    correlation: () => 'Correlation id (in the server log)',
    trace: () => 'Trace',
    protocol: () => 'Protocol',
    arguments: () => 'Arguments as stored',
    argumentsNote: () => 'Properties the tool marks sensitive are removed before an event is stored.',
    noArguments: () => 'None stored (not a tool call, or an unknown tool).',
    digest: () => 'Arguments digest (SHA-256)',
  },
} as const;
