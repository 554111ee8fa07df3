/**
 * Client a token stands for when none is named: one a person minted by hand.
 * Each such token is its own client (`pat_<token id>`), because approvals and
 * in-chat confirmations are keyed by client: two personal tokens of one user
 * sharing a client id could spend each other's approvals.
 */
export const PERSONAL_ACCESS_TOKEN_CLIENT = { idPrefix: 'pat_', name: 'Personal access token' } as const;

/** Organization slugs: lower-case letters, digits and inner hyphens, 1–63 characters (a DNS label). */
export const ORGANIZATION_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** OAuth scope-token characters (RFC 6749 §3.3): printable ASCII without space, `"` or `\`. */
export const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * Name passport registers the API strategy under. Never looked up: `ApiAuthGuard`
 * runs its own instance, so two hosts in one process cannot collide.
 */
export const API_BEARER_STRATEGY = 'api-bearer';
