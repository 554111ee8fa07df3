/** Every message the platform writes, in one place. */
export const HostMessages = {
  secretTooShort: (name: string, min: number) => `${name} must be at least ${min} characters`,
  migrationTwice: (name: string) => `Migration "${name}" is both the host's and a library's: a released name belongs to one of them`,
  databaseOpened: (description: string, applied: readonly string[]) =>
    `Opened ${description} (${applied.length > 0 ? `applied ${applied.join(', ')}` : 'schema up to date'})`,
  didNotStart: (title: string, message: string) => `${title} did not start: ${message.split('\n')[0]}`,
  tokenCreatedFor: (organization: { slug: string; id: string }, user: { email: string; role: string }) =>
    `Organization ${organization.slug} (${organization.id}), user ${user.email} (${user.role})`,
  tokenCreated: (record: { id: string; audience: string; scopes: readonly string[]; client_id: string; expires_at: string | null }) =>
    `Token ${record.id}: audience ${record.audience}; scopes ${record.scopes.join(' ') || '(none)'}; ` +
    `client ${record.client_id}; expires ${record.expires_at ?? 'never (until revoked)'}`,
  notASlug: (slug: string) => `--organization "${slug}" is not a slug (a-z, 0-9 and inner hyphens)`,
  notOneOf: (name: string, value: string, allowed: readonly string[]) => `--${name} must be one of ${allowed.join(', ')} (got "${value}")`,
  auditForbidden: () => 'Your role may not read the audit trail',
  auditScopeUnknown: (scope: string, scopes: readonly string[]) =>
    `auditScope "${scope}" is none of the host's scopes (${scopes.join(', ')}): no token could carry it`,
  badScope: (scope: string) => `--scopes: "${scope}" is not a valid scope`,
} as const;
