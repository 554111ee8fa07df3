/**
 * Secrets Kadu needs, named after the environment variable that overrides
 * each one. Add a name here and it is generated on the next start.
 */
export const KADU_SECRET_NAMES = ['KADU_SIGNING_SECRET', 'KADU_ENCRYPTION_KEY'] as const;

/** One of {@link KADU_SECRET_NAMES}. */
export type KaduSecretName = (typeof KADU_SECRET_NAMES)[number];

/** Random bytes in a generated secret (256 bits, enough for HMAC-SHA256). */
export const GENERATED_SECRET_BYTES = 32;
