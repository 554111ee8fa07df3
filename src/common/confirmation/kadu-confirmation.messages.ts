import { IdempotencyMessages } from '@kobana/idempotency';

/**
 * The words a person reads before a destructive Kadu tool runs (the
 * approval page and the chat's confirmation, docs/protocol.md §7): what the call
 * acts on, by name, never only by id. Built by the tools' `describe` hooks
 * from the caller's organization's records.
 */
export const KaduConfirmationMessages = {
  task: (name: string, rules: string) => `task "${name}" (${rules})`,
  rule: (match: string, category: string) => `"${match}" → ${category}`,
  noRules: () => 'no rules',
  taskRun: (task: string, files: string) => `${task}, run on ${files}`,
  file: (filename: string) => `file "${filename}"`,
  permissions: (task: string, roles: string, users: string) => `who may run ${task}: roles ${roles}; users ${users}`,
  unchanged: () => 'unchanged',
  nobody: () => 'none',
  execution: (task: string, status: string, createdAt: string) => `the ${status} execution of ${task}, started ${createdAt}`,
  endpoint: (url: string) => `webhook endpoint ${url}`,
  newEndpoint: (url: string, events: string) => `a new webhook endpoint ${url}, receiving ${events}: it gets your organization's events`,
  endpointChanges: (endpoint: string, changes: string) => `${endpoint}: ${changes}`,
  change: (field: string, value: string) => `${field} → ${value}`,
  noChanges: () => 'no changes',
  rotate: (endpoint: string) => `the signing secret of ${endpoint} (the old one stops working at once)`,
  replay: IdempotencyMessages.replayConfirmation,
  delivery: (event: string, endpoint: string) => `a new delivery of ${event} to ${endpoint}`,
} as const;

/** A list of names for the person: quoted, comma-separated, `none` when empty. */
export function wordsList(values: readonly string[], quote = false): string {
  if (values.length === 0) return KaduConfirmationMessages.nobody();
  return values.map((value) => (quote ? `"${value}"` : value)).join(', ');
}
