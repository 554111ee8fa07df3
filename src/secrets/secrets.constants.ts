import type { SecretsOptions } from '@kobana/host-kit';

/**
 * Secrets Kadu needs, named after the environment variable that overrides
 * each one. Add a name here and it is generated on the next start.
 */
export const KADU_SECRET_NAMES = ['KADU_SIGNING_SECRET', 'KADU_ENCRYPTION_KEY'] as const;

/** One of {@link KADU_SECRET_NAMES}. */
export type KaduSecretName = (typeof KADU_SECRET_NAMES)[number];

/** Kadu's secrets: each one from its environment variable when set, otherwise generated and kept in the database. */
export const KADU_SECRETS_OPTIONS: SecretsOptions<KaduSecretName> = { names: KADU_SECRET_NAMES, fromConfig: true };
