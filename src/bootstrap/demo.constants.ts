/** Slug of the organization `main.ts` seeds for a first look. */
export const DEMO_ORGANIZATION_SLUG = 'demo';

/** The demo organization's owner, who signs in with the password printed on first start. */
export const DEMO_OWNER_EMAIL = 'owner@demo.kadu.local';

/** The demo token's OAuth client, so it is easy to find (and revoke) among the organization's tokens. */
export const DEMO_TOKEN_CLIENT = { id: 'kadu-demo', name: 'Kadu demo' } as const;

/**
 * Lifetime of each demo token. A new one is minted on every start and the
 * earlier ones are revoked, so only the token of the latest start works.
 */
export const DEMO_TOKEN_DAYS = 30;
