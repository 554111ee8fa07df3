/**
 * What the authorization server records in a host's audit trail:
 * - `consent_given`, `consent_denied`: a person's decision on the consent page;
 * - `grant_revoked_reuse`: a code or refresh token presented again revoked the person's grant to the client.
 */
export type OAuthAuditAction = 'consent_given' | 'consent_denied' | 'grant_revoked_reuse';

/** One authorization-server event, in the organization of the person it concerns. Times are ISO-8601 (UTC). */
export interface OAuthAuditRecord {
  time: string;
  organization_id: string;
  /** The person (a user id). */
  subject: string;
  client_id: string;
  /** The client's name as it gave it; `null` when it has none. */
  client_name: string | null;
  action: OAuthAuditAction;
  /** What a reader needs to judge it (scopes, the redirect host, where the client comes from); never a token or code. */
  details: Record<string, unknown>;
}

/**
 * Where the authorization server's audit events go; the host provides it
 * (Kadu and Billing: their audit trail's database sink). Optional: without
 * it, the events are only in the OAuth request log.
 */
export interface OAuthAuditSink {
  recordOAuth(event: OAuthAuditRecord): Promise<void>;
}

/** Injection token of the {@link OAuthAuditSink}. */
export const OAuthAuditSink = Symbol('OAuthAuditSink');
