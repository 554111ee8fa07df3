/**
 * The authorization server's events in the trail (the OAuth library's
 * `OAuthAuditAction`): a person's consent given or denied, and a grant
 * revoked because a code or refresh token was used again. Stored in
 * `decision`, with `kind` = `oauth`.
 */
export const AUDIT_OAUTH_ACTIONS = ['consent_given', 'consent_denied', 'grant_revoked_reuse'] as const;

/** One of {@link AUDIT_OAUTH_ACTIONS}. */
export type AuditOAuthAction = (typeof AUDIT_OAUTH_ACTIONS)[number];

/** Where an event comes from: the MCP endpoint, or the authorization server. */
export const AUDIT_EVENT_KINDS = ['mcp', 'oauth'] as const;

/** One of {@link AUDIT_EVENT_KINDS}. */
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** An authorization-server event as the sink takes it (the OAuth library's `OAuthAuditRecord`). */
export interface AuditOAuthRecord {
  time: string;
  organization_id: string;
  subject: string;
  client_id: string;
  client_name: string | null;
  action: AuditOAuthAction;
  details: Record<string, unknown>;
}

/** The `method` an OAuth event is listed under: the endpoint where it happened. */
export const OAUTH_EVENT_METHODS: Record<AuditOAuthAction, string> = {
  consent_given: 'oauth/consent',
  consent_denied: 'oauth/consent',
  grant_revoked_reuse: 'oauth/token',
};
