/** Client a token stands for when none is named: one a person minted by hand. */
export const PERSONAL_ACCESS_TOKEN_CLIENT = { id: 'personal-access-token', name: 'Personal access token' } as const;

/** Organization slugs: lower-case letters, digits and inner hyphens, 1–63 characters (a DNS label). */
export const ORGANIZATION_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** OAuth scope-token characters (RFC 6749 §3.3): printable ASCII without space, `"` or `\`. */
export const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Name passport registers the API strategy under. Never looked up: `ApiAuthGuard`
 * runs its own instance, so two hosts in one process cannot collide.
 */
export const API_BEARER_STRATEGY = 'api-bearer';
