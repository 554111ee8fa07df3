import { KADU_SCOPES, TokenAudience } from './identity.types';

/** Scopes a token gets when none are asked for: everything Kadu's tools and routes declare. */
export const DEFAULT_TOKEN_SCOPES: Readonly<Record<TokenAudience, readonly string[]>> = {
  mcp: KADU_SCOPES,
  api: KADU_SCOPES,
};

/** Client a token stands for when none is named: one a person minted by hand. */
export const PERSONAL_ACCESS_TOKEN_CLIENT = { id: 'personal-access-token', name: 'Personal access token' } as const;

/** Domain of the e-mails given to generated users (`<role>@<slug>.kadu.local`); `.local` never routes mail. */
export const GENERATED_EMAIL_DOMAIN = 'kadu.local';

/** Organization slugs: lower-case letters, digits and inner hyphens, 1–63 characters (a DNS label). */
export const ORGANIZATION_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** OAuth scope-token characters (RFC 6749 §3.3): printable ASCII without space, `"` or `\`. */
export const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
