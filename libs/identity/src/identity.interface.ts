/** Who a token is for: the MCP endpoint or the REST API. A token is refused by the other. */
export const TOKEN_AUDIENCES = ['mcp', 'api'] as const;
/** One of {@link TOKEN_AUDIENCES}. */
export type TokenAudience = (typeof TOKEN_AUDIENCES)[number];

/** An organization as stored (with the host's own columns, when it adds any). */
export interface OrganizationRecord {
  id: string;
  slug: string;
  name: string;
  created_at: string;
}

/** A user as the rest of the application sees it: the password hash never leaves the service. */
export interface UserRecord {
  id: string;
  organization_id: string;
  email: string;
  /** One of the host's roles (`IdentityOptions.roles`). */
  role: string;
  created_at: string;
}

/** An access token's metadata; its secret is never stored, its hash never returned. */
export interface AccessTokenRecord {
  id: string;
  organization_id: string;
  user_id: string;
  audience: TokenAudience;
  scopes: string[];
  client_id: string;
  client_name: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

/** What {@link IdentityService.createToken} needs. */
export interface CreateTokenOptions {
  /** The organization's slug (created when missing) or its record. */
  organization: string | OrganizationRecord;
  /** Role of the user the token is issued to, one of the host's; the user is created when missing. */
  role: string;
  /** The user's e-mail. @default `<role>@<slug>.<IdentityOptions.generatedEmailDomain>` */
  email?: string;
  /** @default 'mcp' */
  audience?: TokenAudience;
  /** @default the host's `IdentityOptions.defaultScopes` */
  scopes?: string[];
  /** OAuth client the token stands for. @default `pat_<token id>`: each personal token is a client of its own */
  clientId?: string;
  /** Shown on approval screens. @default 'Personal access token' */
  clientName?: string | null;
  /** Lifetime in days (fractions allowed). @default null: never expires */
  expiresInDays?: number | null;
}

/**
 * What a new organization is created with: its name, and the values of
 * columns the host adds to `organizations` (Kadu: `plan`), which the host's
 * `IdentityOptions.organizationValues` checks.
 */
export interface OrganizationOptions {
  /** @default the slug */
  name?: string;
  [column: string]: unknown;
}

/** A freshly minted token: `token` is the only copy of the secret. */
export interface CreatedToken {
  token: string;
  record: AccessTokenRecord;
}

/** Which tokens {@link IdentityService.listTokens} lists. */
export interface TokenListFilter {
  /** The organization's slug. */
  organization: string;
  /** Only the tokens of the user with this e-mail. */
  email?: string;
}

/** A token as listed: its metadata, its user's e-mail and a hint that is the token without its secret. */
export interface ListedToken extends AccessTokenRecord {
  user_email: string;
  /** `<prefix>_<audience>_<first 8 of the id>…`: how the token starts, never its secret. */
  hint: string;
}
