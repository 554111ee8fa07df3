/**
 * Where a client's registration comes from: `registered` (RFC 7591 dynamic
 * registration at `/register`), `pre-registered` (an administrator's
 * `client create`), `metadata-document` (an `https` client id, resolved to
 * its Client ID Metadata Document).
 */
export type ConnectedAppSource = 'registered' | 'pre-registered' | 'metadata-document';

/** One connected app: a live grant of a person to an OAuth client. */
export interface ConnectedApp {
  /** The grant's id: what revoking names. */
  id: string;
  /** The person (user id) who authorized it. */
  accountId: string;
  /** The person's e-mail (the CLI's USER column). */
  email: string;
  clientId: string;
  /** The client's `client_name`, or null when it gave none (or its record is gone). */
  clientName: string | null;
  source: ConnectedAppSource;
  /** Every granted scope, OpenID and per resource, each once, in order. */
  scopes: string[];
  /** The resources (RFC 8707 indicators) the grant covers. */
  resources: string[];
  /** When the person first authorized it (ISO-8601 UTC). */
  authorizedAt: string;
  /** When a token of the grant was last issued (a code redeemed, a refresh), or null when none was. */
  lastUsedAt: string | null;
  /** When the grant expires, or null when it does not. */
  expiresAt: string | null;
}

/** A client as `client list` shows it. */
export interface RegisteredClient {
  clientId: string;
  clientName: string | null;
  source: ConnectedAppSource;
  redirectUris: string[];
  scope: string | null;
  createdAt: string;
  /** Live grants of the client, across every person. */
  grants: number;
}

/** What `client create` needs. */
export interface NewPublicClient {
  name: string;
  redirectUris: string[];
  /** Space-separated scopes the client may ask for; absent: any the server offers. */
  scope?: string;
}
